export * from './f1';
export * from './accounts';
