module.exports = require('@suite/shared/webpack').remote({ dir: __dirname, name: 'mfe_menus' });
