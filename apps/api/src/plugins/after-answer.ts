import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Work a request starts but does not wait for, so that its answer takes the same time whatever
     * the work finds (issue 22: 'Forgot your password?' must not tell known emails by its timing).
     * A failure is logged; `idle()` resolves once every task started so far has ended.
     */
    afterAnswer: { run: (name: string, task: () => Promise<void>) => void; idle: () => Promise<void> };
  }
}

async function afterAnswerPlugin(app: FastifyInstance) {
  const running = new Set<Promise<void>>();
  const run = (name: string, task: () => Promise<void>) => {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => app.log.error({ err, task: name }, 'work after an answer failed'))
      .finally(() => running.delete(done));
    running.add(done);
  };
  const idle = async () => {
    while (running.size > 0) await Promise.all([...running]);
  };
  app.decorate('afterAnswer', { run, idle });
  // Started work finishes before the database closes.
  app.addHook('onClose', idle);
}

export default fp(afterAnswerPlugin, { name: 'after-answer' });
