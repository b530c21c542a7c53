// The baseline: a bare Fastify route answering the same JSON body as GET /api/user.
import Fastify from 'fastify';

const body = JSON.parse(process.argv[2] ?? '{}') as unknown;
const app = Fastify({ logger: false });
app.get('/api/user', async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
