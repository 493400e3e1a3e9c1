import 'server-only';
import { z } from 'zod';
import { chatConfig } from '@/config/chat';
import { isUuid } from '@/lib/uuid';
import { isWellFormed, type FieldErrorCode } from '@/lib/validation';

/**
 * The body of POST /api/chat: { sessionId, chatInput (or its alias message, docs/product.md
 * section 10.2), metadata? }. Unknown fields are ignored.
 */

const MAX_METADATA_KEYS = 20;

const metadataSchema = z
  .record(
    z.string().min(1).max(50),
    z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]),
  )
  .refine((value) => Object.keys(value).length <= MAX_METADATA_KEYS);

const bodySchema = z.object({
  // A UUID: crypto.randomUUID() in the browser.
  sessionId: z.string().refine(isUuid),
  chatInput: z.string().optional(),
  message: z.string().optional(),
  metadata: metadataSchema.optional(),
});

type ChatRequest = {
  sessionId: string;
  chatInput: string;
  metadata: Record<string, string | number | boolean | null>;
};

type ChatFieldErrors = Partial<Record<'sessionId' | 'chatInput' | 'metadata', FieldErrorCode>>;

export type ParsedChatRequest =
  { ok: true; value: ChatRequest } | { ok: false; fieldErrors: ChatFieldErrors };

export function parseChatRequest(body: unknown): ParsedChatRequest {
  const result = bodySchema.safeParse(body);
  const fieldErrors: ChatFieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (field === 'sessionId') fieldErrors.sessionId = 'invalid';
      else if (field === 'metadata') fieldErrors.metadata = 'invalid';
      else if (field === 'chatInput' || field === 'message') fieldErrors.chatInput = 'invalid';
    }
    return { ok: false, fieldErrors };
  }
  const { sessionId, metadata = {} } = result.data;
  // The same count the browser's maxlength uses (UTF-16 code units), after trimming.
  const chatInput = (result.data.chatInput ?? result.data.message ?? '')
    .replaceAll('\u0000', '')
    .trim();
  if (chatInput === '') fieldErrors.chatInput = 'required';
  // A lone surrogate is no text a person typed, and the webhook's JSON parser may reject it.
  else if (!isWellFormed(chatInput)) fieldErrors.chatInput = 'invalid';
  else if (chatInput.length > chatConfig.maxMessageChars) fieldErrors.chatInput = 'too_long';
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { sessionId: sessionId.toLowerCase(), chatInput, metadata } };
}
