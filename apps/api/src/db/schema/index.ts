export * from './geo';
export * from './users';
export * from './analytics';
export * from './auth';
export * from './listings';
export * from './throttles';
export * from './offers';
export * from './tenant';
