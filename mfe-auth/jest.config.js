const preset = require('@suite/shared/jest-preset');

module.exports = { ...preset, setupFilesAfterEnv: [...preset.setupFilesAfterEnv, '<rootDir>/src/jest.setup.ts'] };
