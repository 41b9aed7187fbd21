export * from './f1';
export * from './news';
export * from './accounts';
export * from './game';
