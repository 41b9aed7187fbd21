export * from './f1';
export * from './news';
export * from './accounts';
export * from './votes';
export * from './game';
export * from './admin';
export * from './season-events';
export * from './overrides';
