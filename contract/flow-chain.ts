/**
 * The start form's aids (module code `flow`):
 *   POST /api/flow/definitions/:id/chain   { formData } → ChainPreview: the approval nodes a submit would walk through
 *                                          with these values (the branches they choose), each with its handlers' names
 *                                          and sign mode; asked again as the values change. A read: it changes nothing.
 */
import type { RouteStep } from './flow';

export interface ChainPreview {
  steps: RouteStep[];
}
