/**
 * The multipart option of `request` (v2 `POST /biometrics/create`): a FormData body is
 * sent as multipart/form-data with its boundary, the base's headers kept, and the 201 answer
 * validated by the contract.
 */
import { describe, expect, it } from 'vitest';
import { BiometricPhotoResponse } from '../../src/services/contract';
import { createClient, request } from '../../src/services/http/clients';
import { ContractError } from '../../src/services/contract';

describe('request with formData', () => {
  it('sends multipart with the photo field and validates the answer', async () => {
    let seen: Request | null = null;
    const ky = createClient('mainV2', (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen = new Request(input, init);
      return new Response(JSON.stringify({ data: { id: 3, created_at: '2026-11-23T10:00:00.000Z' } }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch);
    const form = new FormData();
    form.set('photo', new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }), 'eu.png');
    const answer = await request(
      'mainV2',
      'post',
      '/biometrics/create',
      BiometricPhotoResponse,
      { formData: form },
      ky,
    );
    expect(answer.data).toEqual({ id: 3, created_at: '2026-11-23T10:00:00.000Z' });
    const sent = seen as unknown as Request;
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.headers.get('x-user-environment')).toBe('WEB');
    expect(await sent.text()).toContain('name="photo"');
  });

  it('turns a malformed answer into a ContractError', async () => {
    const ky = createClient(
      'mainV2',
      (async () =>
        new Response(JSON.stringify({ data: { id: 'x' } }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        })) as typeof fetch,
    );
    await expect(
      request('mainV2', 'post', '/biometrics/create', BiometricPhotoResponse, { formData: new FormData() }, ky),
    ).rejects.toBeInstanceOf(ContractError);
  });
});
