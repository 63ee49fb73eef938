/**
 * `/favicon.ico`: a 32 × 32 PNG (a green disc, a sun and a sprout), which every browser shows as the
 * icon of the API's pages (`/docs`, the explorer, the account area) instead of asking in vain.
 * Kept here as its bytes; made with @napi-rs/canvas.
 */
import type { FastifyInstance } from 'fastify';

const FAVICON_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAABHNCSVQICAgIfAhkiAAAAAFzUkdCAK7OHOkAAARTSURBVFiFxZdbbFRVFIa/ddqhnYpBG3oDL8QoDaUMYGmnI0RFA1FJDJooRAQNCIq1gIpI4pMaDL41tAWJCkEkUWm00UC4BYJShmqFTrFVsJoaCeklMVKY3uayfJjOdGbOmXbaVP2f9l57rf3/e+07/M+QZB0L1rgyU9NlsaCLVKVARPNQsgabOxVpB20Oih4L9smJlo/df42LgPzV829OswffEeQVIDVJvX5gh9cIvN1aWd89VgEy6+XS50RkuyA5SRLHQFXbRWSLp/rsp4Ba+aQkCnaUud4QpEpEJo6FHEBEJqrq0pyS2691/HDlnKWPyfIUKY4s1x4RWTVWYisoWtHU6d7MQQLRdtOcOrJd5cIQuTPXxtpZGUy5KZSsq94AH17sob7dNyoBgmxyZLv+aMJdEWuPQmGZc5GBcUQQwxB4YWYGz86wIxKbKFVl38+97G3uIWg5s9ZQNCjCY54q99GwzQgXpj3/YLqBsV8QA2DOZBsrCzJM5ITmllUz7NybbUuePZQFg6Dsve1Vl90kYFJG/6bo1f7MDLtVHxEYIizPH94ngYq8zAFejBcgChuj/e65JeEGSdrnkeKFPFr8kFmDypbw9KcCONY7nSKSm/QoksCSkofZ8OQaAHwBHyfOfxelgDzHeqezaVf9OQNAjJSl8R38+ncg3mRCuy2fedMdJruI8PTCxyP1YDBo9hnkNAit6tJ4h88u9Q5L7p9UyLTiDWxbvZX7Copi2u6fVUruraFr4nqPl7rm703xYc7BNWBOf0OHj4OXE4s47x0KuWvKtEh5oj2DdUtWROq1Z4/Q77M6M0KcqQCC5lodijsavXz9ex/LpqdTlDMBgB87Bvj8ch8LSnwUWnS7dXk5kydlAuDz+6itO2I5gBDnoAAVSU90K7V1B3i/wQt4Y+wL4vzsaXbeXLae4vzZQwOo3cONXi/DIZyBdpA7h/UcBndkT2X3xu3kZGZFbDXfHuJYw+mEMaH3QzgD0C4wZgEPOIbWsKqy/3gNB05+NUKUDgkQpRHBORrSu6MWXhjXe7y8e6ACz2/NI8YL/EJUBmqFoeMxGfgD/kjZ5/fxxelv+PLMYW709iQVr1BLeBv2pHSdQvXaaAS0dVyJlGvOHOaT4zVJk4N2+7uunYwIaK1s7Ufkg9EIiIbf70/CKxqyq+VgywDRt6HXCLwHdI1VxCjQ1dcr28KViIDWyvpuRFcqaj64xwmKBgMEVlzaU3fdJADAU+U+Kspb/5YA4PWfquuPRxuMeA/PTvd2hY/GnVp1d1N17HvQUgBAU/XZtSibVTXhi+/PrquWZTOvKqrlnp3ul6zah/0ZzS5zPYFSicjU+LY02wQWzpkPwKnGOvp9A1bsbQiveardCY/FEb9mReuKbAOpthUGskFhjli9UmM4VQUaEao8ne598f+AUQuIxtzyuVn+QNoSQ2SeKoWCzARQ0RaBi0HVhtSU/kMXKi/8F9t5fPAPUXiDEqaxtIcAAAAASUVORK5CYII=',
  'base64',
);

export function serveFavicon(app: FastifyInstance): void {
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/png').header('Cache-Control', 'public, max-age=86400').send(FAVICON_PNG),
  );
}
