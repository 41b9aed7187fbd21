export * from './f1';
