import { defineGroup } from '../screen-entry.ts';

/** Routes of the 'printing' group of shared/spec/routes.json (area admin). */
export const printingScreens = defineGroup({ area: 'admin', group: 'printing', login: true }, {
  '/print': () => import('../../features/printing/print-centre-screen.tsx'),
  '/callnumprint/common': () => import('../../features/printing/callnum-print-screen.tsx'),
  '/callnumprint/plugin': () => import('../../features/printing/scan-print-screen.tsx'),
  '/barcodeprint': () => import('../../features/printing/barcode-print-screen.tsx'),
  '/callnum-offprint': () => import('../../features/printing/callnum-offprint-screen.tsx'),
  '/barcode-offprint': () => import('../../features/printing/barcode-offprint-screen.tsx'),
  '/pltplot': () => import('../../features/printing/batch-labels-screen.tsx'),
  '/preprint': () => import('../../features/printing/preprint-screen.tsx'),
});
