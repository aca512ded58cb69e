// Server tests run in Node against a fresh database per file (see tests/helpers/build.ts).
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'silent';
