module.exports = require('@suite/shared/webpack').host({ dir: __dirname });
