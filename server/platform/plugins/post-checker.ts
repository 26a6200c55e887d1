import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { oembedPostChecker, type PostChecker } from '../post-checker.ts';
import {
  type SnsStandin,
  type StandinPost,
  STANDIN_INSTAGRAM_TOKEN,
  startSnsStandin,
} from '../sns-standin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Asks the platforms (or their stand-in) about a reported post (issue 23; tests may replace it). */
    postChecker: PostChecker;
    /** The in-process SNS stand-in outside production when SNS_OEMBED_URL is not set; else null. */
    snsStandin: SnsStandin | null;
    /** Where the demo seed puts its posts: the stand-in here, or the one at SNS_OEMBED_URL; null in production. */
    snsPosts: { publish(post: StandinPost): unknown } | null;
  }
}

/**
 * One post checker for the app (ADR 0162): the real oEmbed client everywhere. In production it asks the
 * platforms; elsewhere it asks the stand-in at SNS_OEMBED_URL, or one started here on loopback (its posts
 * kept in DATA_DIR in development, so the demo's posts outlive a restart).
 */
export async function installPostChecker(app: FastifyInstance): Promise<void> {
  const { env } = app;
  let standin: SnsStandin | null = null;
  let baseUrl = env.SNS_OEMBED_URL;
  if (env.NODE_ENV !== 'production' && !baseUrl) {
    standin = await startSnsStandin(
      env.NODE_ENV === 'development' ? { file: join(env.DATA_DIR, 'sns-standin.json') } : {},
    );
    baseUrl = standin.url;
    app.addHook('onClose', () => standin!.close());
    if (env.NODE_ENV === 'development')
      app.log.info(`SNS stand-in (oEmbed of X, TikTok, Instagram): ${standin.url}/`);
  }
  // NOTE: SNS_OEMBED_URL is honoured in production too (the benches run a production server against the
  // stand-in): a stand-in answers only for the posts it holds, so a wrong setting refuses posts, never pays them.
  const instagramToken = env.INSTAGRAM_OEMBED_TOKEN ?? (baseUrl ? STANDIN_INSTAGRAM_TOKEN : undefined);
  app.decorate('snsStandin', standin);
  const posts: FastifyInstance['snsPosts'] =
    standin ?? (env.NODE_ENV !== 'production' && baseUrl ? remoteStandin(baseUrl) : null);
  app.decorate('snsPosts', posts);
  app.decorate('postChecker', oembedPostChecker({ baseUrl, instagramToken }));
}

/** A stand-in in another process (e2e, a shared development one): posts go through its `POST /__posts`. */
function remoteStandin(baseUrl: string) {
  return {
    async publish(post: StandinPost) {
      await fetch(`${baseUrl.replace(/\/+$/, '')}/__posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(post),
      });
    },
  };
}
