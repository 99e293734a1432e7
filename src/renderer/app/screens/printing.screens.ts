import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'printing' group of shared/spec/routes.json (area admin). */
export const printingScreens = defineGroup({ area: 'admin', group: 'printing', login: true }, {
  '/print': null,
  '/callnumprint/common': null,
  '/callnumprint/plugin': null,
  '/barcodeprint': null,
  '/callnum-offprint': null,
  '/barcode-offprint': null,
  '/pltplot': null,
  '/preprint': null,
});
