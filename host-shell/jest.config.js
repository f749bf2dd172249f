module.exports = require('@suite/shared/jest-preset');
