/**
 * How a named statement is planned, on PostgreSQL's second pool and around each named statement on PGlite: once, by
 * one generic plan. Every named statement is a lookup by key (the session, the current user) or is written to be
 * answered by walking an index in order (the 待办 page, a mail folder's page, their windowed searches, the 消息 inbox
 * page; docs/adding-a-module.md, "Hot reads at scale").
 * A generic plan cannot know how many rows its user has: with 100,000 tasks both PostgreSQL and PGlite guessed about
 * one to-do per user and chose to fetch and sort them all, which for an approver holding 10,000 took 66 ms instead of
 * 0.5. With sorting costed as a last resort the walk is the plan whatever the user (tests/api/*-plan.test.ts).
 */
export const PLANNED_ONCE_SETTINGS = { plan_cache_mode: 'force_generic_plan', enable_sort: 'off' } as const;
