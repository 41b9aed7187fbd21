export * from './common';
export * from './system';
export * from './f1';
export * from './news';
export * from './ergast';
export * from './accounts';
export * from './votes';
