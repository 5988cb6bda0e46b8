import type { Router } from 'express';
import type { AppContext } from '../context';

/** A router factory: receives the context, returns an Express router (index.ts mounts them). */
export type RouterFactory = (ctx: AppContext) => Router;
