export * from './common';
export * from './system';
export * from './f1';
