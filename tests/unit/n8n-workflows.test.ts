import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { chatConfig } from '@/config/chat';
import { leadFormRegistry, leadForms, leadSchema, type LeadForm } from '@/lib/lead-forms';
import { buildWebhookPayload, type StoredLead } from '@/server/outbox/webhook-payload';
import { webhookHeaders } from '@/server/outbox/sign';

/**
 * docs/n8n/*.json are workflows agencies import into n8n: they must be valid workflow JSON and say
 * what the site really does (the leads webhook, one route per form with every field sent, a
 * signature check, a public streaming chat trigger). docs/n8n.md is held to the same.
 */

type N8nNode = {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  parameters: Record<string, unknown>;
  position: unknown;
  webhookId?: string;
};
type Connection = { node: string; type: string; index: number };
type Workflow = {
  name: string;
  nodes: N8nNode[];
  connections: Record<string, Record<string, Connection[][]>>;
};

const read = (file: string) => JSON.parse(readFileSync(`docs/n8n/${file}`, 'utf8')) as Workflow;
const leads = read('leads-workflow.json');
const chat = read('chat-workflow.json');
const docs = readFileSync('docs/n8n.md', 'utf8');

/** The node types used, with versions n8n 1.100+ and 2.x know (an unknown one does not import). */
const knownVersions: Record<string, number[]> = {
  'n8n-nodes-base.webhook': [1, 1.1, 2, 2.1],
  'n8n-nodes-base.code': [1, 2],
  'n8n-nodes-base.switch': [1, 2, 3, 3.1, 3.2],
  'n8n-nodes-base.set': [1, 2, 3, 3.1, 3.2, 3.3, 3.4],
  'n8n-nodes-base.if': [2, 2.1, 2.2],
  'n8n-nodes-base.noOp': [1],
  '@n8n/n8n-nodes-langchain.chatTrigger': [1, 1.1, 1.2, 1.3],
  '@n8n/n8n-nodes-langchain.agent': [1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2, 2.1, 2.2],
  '@n8n/n8n-nodes-langchain.lmChatOpenAi': [1, 1.1, 1.2],
  '@n8n/n8n-nodes-langchain.memoryBufferWindow': [1, 1.1, 1.2, 1.3],
};
const triggers = new Set(['n8n-nodes-base.webhook', '@n8n/n8n-nodes-langchain.chatTrigger']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const node = (workflow: Workflow, type: string) => {
  const found = workflow.nodes.filter((candidate) => candidate.type === type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
};
const targets = (workflow: Workflow, from: string, type = 'main') =>
  (workflow.connections[from]?.[type] ?? []).map((output) => output.map((to) => to.node));

describe.each([
  ['leads-workflow.json', leads],
  ['chat-workflow.json', chat],
])('%s is valid n8n workflow JSON', (_file, workflow) => {
  it('has a name and nodes with unique ids and names, a known type and version, parameters and a position', () => {
    expect(typeof workflow.name).toBe('string');
    expect(workflow.nodes.length).toBeGreaterThan(1);
    expect(new Set(workflow.nodes.map((n) => n.id)).size).toBe(workflow.nodes.length);
    expect(new Set(workflow.nodes.map((n) => n.name)).size).toBe(workflow.nodes.length);
    for (const n of workflow.nodes) {
      expect(n.id, n.name).toMatch(UUID);
      expect(knownVersions[n.type], `${n.name}: ${n.type}`).toContain(n.typeVersion);
      expect(n.parameters, n.name).toBeTypeOf('object');
      expect(n.position, n.name).toEqual([expect.any(Number), expect.any(Number)]);
      if (triggers.has(n.type)) expect(n.webhookId, n.name).toMatch(UUID);
    }
  });

  it('connects only nodes that exist, each input by its own connection type, and leaves no node unconnected', () => {
    const names = new Set(workflow.nodes.map((n) => n.name));
    const reached = new Set<string>();
    for (const [from, outputs] of Object.entries(workflow.connections)) {
      expect(names, `connection from ${from}`).toContain(from);
      for (const [type, branches] of Object.entries(outputs)) {
        for (const branch of branches) {
          for (const to of branch) {
            expect(names, `${from} -> ${to.node}`).toContain(to.node);
            expect(to).toEqual({ node: to.node, type, index: expect.any(Number) });
            reached.add(to.node);
            reached.add(from);
          }
        }
      }
    }
    for (const n of workflow.nodes)
      expect(reached.has(n.name), `${n.name} is connected`).toBe(true);
    for (const n of workflow.nodes)
      if (
        !triggers.has(n.type) &&
        !n.type.startsWith('@n8n/n8n-nodes-langchain.lm') &&
        !n.type.includes('memory')
      ) {
        expect(
          [...Object.values(workflow.connections)].some((outputs) =>
            Object.values(outputs)
              .flat(2)
              .some((to) => to.node === n.name),
          ),
          `${n.name} has an input`,
        ).toBe(true);
      }
  });
});

/** The body of the inbox's Send test event (src/server/leads/overview.ts). */
const TEST_EVENT = {
  test: true,
  event: 'test',
  message: 'Test event sent from the lead inbox.',
  source: leadFormRegistry.contact.source,
  form: 'contact',
  timestamp: '2026-03-04T05:06:07.089Z',
};

/** A lead of `form` with every field filled and the whole attribution, as stored. */
function sampleLead(form: LeadForm): StoredLead {
  const fields = Object.fromEntries(leadSchema(form).fields.map((name) => [name, `${name} value`]));
  return {
    id: '6f1c3c52-4d0e-4f37-9d5c-7d2b8c1e0a11',
    form,
    fields,
    attribution: {
      page_url: 'https://www.example.com/x',
      referrer: 'https://news.example/',
      time_on_page: 12,
      scroll_depth: 50,
      utm_source: 'news',
    },
    createdAt: new Date('2026-03-04T05:06:07.089Z'),
  };
}

describe('leads-workflow.json matches what the site sends', () => {
  const webhook = node(leads, 'n8n-nodes-base.webhook');
  const check = node(leads, 'n8n-nodes-base.code');
  const gate = node(leads, 'n8n-nodes-base.if');
  const testEnd = node(leads, 'n8n-nodes-base.noOp');
  const route = node(leads, 'n8n-nodes-base.switch');

  it('takes POST /webhook/website-leads with Header Auth, the raw body, and answers when the last node finishes', () => {
    expect(webhook.parameters).toMatchObject({
      httpMethod: 'POST',
      path: 'website-leads',
      authentication: 'headerAuth',
      responseMode: 'lastNode',
      options: { rawBody: true },
    });
    // 'onReceived' (Respond Immediately) answers 200 before the workflow runs: a failed run would
    // count as delivered.
    expect(webhook.parameters.responseMode).not.toBe('onReceived');
    expect(docs).toContain('https://n8n.example.com/webhook/website-leads');
    expect(targets(leads, webhook.name)).toEqual([[check.name]]);
    expect(targets(leads, check.name)).toEqual([[gate.name]]);
  });

  it("ends the inbox's Send test event in its own branch, so it never becomes an empty lead", () => {
    // The If node's true output (0) ends in its own node; only the false one (1) reaches the forms.
    expect(targets(leads, gate.name)).toEqual([[testEnd.name], [route.name]]);
    expect(leads.connections[testEnd.name]).toBeUndefined();
    const condition = (
      gate.parameters.conditions as {
        conditions: Array<{ leftValue: string; operator: Record<string, unknown> }>;
        combinator: string;
      }
    ).conditions;
    expect(condition).toEqual([
      expect.objectContaining({
        operator: { type: 'boolean', operation: 'true', singleValue: true },
      }),
    ]);
    // The expression as n8n evaluates it, on Check signature's output for a test event and a lead.
    const expression = /^=\{\{ (.*) \}\}$/.exec(condition[0]!.leftValue)![1]!;
    const isTest = new Function('$json', `return (${expression});`) as (json: unknown) => unknown;
    expect(isTest({ ...TEST_EVENT, lead_id: 'test_1' })).toBe(true);
    for (const form of leadForms)
      expect(isTest({ ...buildWebhookPayload(sampleLead(form)), lead_id: 'x' }), form).toBe(false);
    expect(docs).toContain('**Test event?**');
  });

  it('routes each registered form by its source, to a node that lists every field the payload builder sends', () => {
    const rules = (
      route.parameters.rules as {
        values: Array<{
          outputKey: string;
          conditions: {
            conditions: Array<{ leftValue: string; rightValue: string; operator: unknown }>;
          };
        }>;
      }
    ).values;
    expect(rules.map((rule) => rule.outputKey)).toEqual(leadForms);
    const outputs = targets(leads, route.name);
    expect(outputs).toHaveLength(leadForms.length);
    leadForms.forEach((form, index) => {
      expect(rules[index]!.conditions.conditions).toEqual([
        {
          id: expect.any(String),
          leftValue: '={{ $json.source }}',
          rightValue: leadFormRegistry[form].source,
          operator: { type: 'string', operation: 'equals' },
        },
      ]);
      const [target] = outputs[index]!;
      const set = leads.nodes.find((n) => n.name === target)!;
      expect(set.type, form).toBe('n8n-nodes-base.set');
      const assignments = (
        set.parameters.assignments as {
          assignments: Array<{ name: string; value: string; type: string }>;
        }
      ).assignments;
      const payload = buildWebhookPayload(sampleLead(form));
      expect(
        assignments.map((a) => a.name),
        form,
      ).toEqual(['lead_id', ...Object.keys(payload)]);
      for (const assignment of assignments) {
        expect(assignment.value).toBe(`={{ $json.${assignment.name} }}`);
        const value = assignment.name === 'lead_id' ? 'id' : payload[assignment.name];
        expect(assignment.type, `${form}.${assignment.name}`).toBe(
          Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : 'string',
        );
      }
    });
  });

  describe('the Check signature Code node', () => {
    const SECRET = `whsec_${Buffer.alloc(32, 5).toString('base64')}`;
    const requireBuiltin = createRequire(import.meta.url);
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
      ...args: string[]
    ) => (...args: unknown[]) => Promise<unknown>;
    const code = check.parameters.jsCode as string;

    /** Runs the node's code as n8n's Code node does ('Run Once for All Items'). */
    function run(
      item: { json: Record<string, unknown>; binary?: Record<string, unknown> },
      env: Record<string, string> = { LEADS_WEBHOOK_SECRET: SECRET },
      raw?: Buffer,
    ) {
      const fn = new AsyncFunction('$input', '$env', 'require', code);
      const require = (name: string) => {
        if (name !== 'crypto')
          throw new Error(`Cannot find module '${name}' (not in NODE_FUNCTION_ALLOW_BUILTIN)`);
        return requireBuiltin('crypto') as unknown;
      };
      const helpers = {
        getBinaryDataBuffer: async (index: number, property: string) =>
          index === 0 && property === 'data' ? raw : undefined,
      };
      return fn.call(
        { helpers },
        { first: () => item, all: () => [item] },
        env,
        require,
      ) as Promise<Array<{ json: Record<string, unknown> }>>;
    }

    /**
     * What n8n's Webhook node (Raw Body on) makes of one delivery: headers lower-cased, the body
     * parsed, the bytes as binary 'data'.
     */
    function delivery(form: LeadForm, { now = Date.now(), tamper = false } = {}) {
      const lead = sampleLead(form);
      const body = JSON.stringify(buildWebhookPayload(lead));
      const headers = Object.fromEntries(
        Object.entries(webhookHeaders(lead.id, body, SECRET, now)).map(([name, value]) => [
          name.toLowerCase(),
          value,
        ]),
      );
      const sent = tamper ? body.replace('news', 'evil') : body;
      return {
        lead,
        body,
        headers,
        raw: Buffer.from(sent),
        item: {
          json: { headers, params: {}, query: {}, body: JSON.parse(sent) },
          binary: {
            data: { data: Buffer.from(sent).toString('base64'), mimeType: 'application/json' },
          },
        },
      };
    }

    it.each(leadForms)(
      'accepts a real signed %s delivery (the standard library agrees) and outputs the lead with its id',
      async (form) => {
        const { lead, body, headers, item } = delivery(form);
        expect(new Webhook(SECRET).verify(body, headers)).toEqual(JSON.parse(body));
        expect(await run(item)).toEqual([{ json: { ...JSON.parse(body), lead_id: lead.id } }]);
      },
    );

    it('reads the bytes through this.helpers when n8n keeps binary data on disk (binary.data.id)', async () => {
      const { lead, raw, headers } = delivery('contact');
      const item = {
        json: { headers, body: {} },
        binary: {
          data: {
            id: 'filesystem-v2:workflows/1/executions/2/binary_data/3',
            data: 'filesystem-v2',
            mimeType: 'application/json',
          },
        },
      };
      expect((await run(item, undefined, raw))[0]!.json.lead_id).toBe(lead.id);
    });

    it('refuses a changed body, another secret, missing headers, a stale timestamp and a missing secret', async () => {
      await expect(run(delivery('demo', { tamper: true }).item)).rejects.toThrow(
        /Invalid signature/,
      );
      await expect(
        run(delivery('demo').item, {
          LEADS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 6).toString('base64')}`,
        }),
      ).rejects.toThrow(/Invalid signature/);
      const unsigned = delivery('demo').item;
      unsigned.json.headers = { 'content-type': 'application/json' };
      await expect(run(unsigned)).rejects.toThrow(/Unsigned request/);
      await expect(run(delivery('demo', { now: Date.now() - 10 * 60_000 }).item)).rejects.toThrow(
        /too old or too new/,
      );
      await expect(run(delivery('demo').item, {})).rejects.toThrow(/Set LEADS_WEBHOOK_SECRET/);
      const noRaw = delivery('demo').item as { json: Record<string, unknown>; binary?: unknown };
      delete noRaw.binary;
      await expect(run(noRaw as never)).rejects.toThrow(/Raw Body/);
    });

    it('accepts a header carrying several signatures when one matches (key rotation)', async () => {
      const { item, headers } = delivery('aria-signup');
      item.json.headers = {
        ...headers,
        'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')} ${headers['webhook-signature']}`,
      };
      expect(await run(item)).toHaveLength(1);
    });
  });
});

describe('chat-workflow.json matches what the site sends', () => {
  const trigger = node(chat, '@n8n/n8n-nodes-langchain.chatTrigger');
  const agent = node(chat, '@n8n/n8n-nodes-langchain.agent');

  it('is a public Embedded Chat trigger in Streaming mode at the URL the docs show', () => {
    expect(trigger.parameters).toMatchObject({
      public: true,
      mode: 'webhook',
      options: { responseMode: 'streaming' },
    });
    expect(docs).toContain(`https://n8n.example.com/webhook/${trigger.webhookId}/chat`);
    expect(docs).not.toMatch(/CHAT_WEBHOOK_URL=\S*webhook-test/);
  });

  it('answers with a streaming AI Agent that keeps memory per session', () => {
    expect(targets(chat, trigger.name)).toEqual([[agent.name]]);
    expect(agent.parameters.options).toMatchObject({ enableStreaming: true });
    // promptType 'auto' reads the Chat Trigger's chatInput; the memory's session key is sessionId.
    expect(agent.parameters.promptType ?? 'auto').toBe('auto');
    const model = chat.nodes.find((n) =>
      targets(chat, n.name, 'ai_languageModel').flat().includes(agent.name),
    );
    const memory = chat.nodes.find((n) =>
      targets(chat, n.name, 'ai_memory').flat().includes(agent.name),
    );
    expect(model?.type).toBe('@n8n/n8n-nodes-langchain.lmChatOpenAi');
    expect(memory?.type).toBe('@n8n/n8n-nodes-langchain.memoryBufferWindow');
    expect(memory!.parameters.sessionIdType ?? 'fromInput').toBe('fromInput');
  });

  it('documents the body the site forwards', () => {
    expect(docs).toContain(
      `"action": "sendMessage", "sessionId": "0b6a3c52-8a51-4d5e-9f1c-2a7b3d4e5f60", "route": "${chatConfig.webhookRoute}", "chatInput"`,
    );
  });
});

describe('docs/n8n.md', () => {
  it.each(leadForms)("lists every field the %s form's payload carries", (form) => {
    const heading = docs.indexOf(`(\`${form}\`, \`source: ${leadFormRegistry[form].source}\`)`);
    expect(heading, `a section for ${form}`).toBeGreaterThan(0);
    const section = docs.slice(heading, docs.indexOf('\n#', heading));
    for (const field of Object.keys(buildWebhookPayload(sampleLead(form))))
      expect(section, `${form}.${field}`).toContain(`\`${field}\``);
  });

  it("says to respond when the last node finishes, never 'Respond Immediately'", () => {
    expect(docs).toContain('**When Last Node Finishes**');
    expect(docs).toMatch(/\*\*Not 'Immediately'\*\*: that answers 200 before the workflow runs/);
  });
});
