import type { DemoDefinition } from './flow-definition-kit';
import { meetingRoom, seal, trip } from './flow-definitions-admin';
import { documentFlow } from './flow-definitions-document';
import { expense, purchase } from './flow-definitions-finance';
import { leave } from './flow-definitions-personnel';

export type { DemoDefinition } from './flow-definition-kit';

/** The demo catalogue: seven processes that exercise every node kind of the engine, in catalogue order. */
export const demoDefinitions: DemoDefinition[] = [leave, expense, trip, seal, purchase, documentFlow, meetingRoom];
