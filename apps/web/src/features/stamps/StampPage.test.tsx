import { generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { STAMP_IMAGE_MAX_BYTES, type Stamp } from '@macro/contract/stamps';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { pageOf, renderPage, serveApi } from '../../test/render';
import { clickRowAction } from '../../test/rows';
import { StampPage } from './StampPage';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const stamp = (id: number, stampName: string, extra: Partial<Stamp> = {}): Stamp => ({
  id,
  stampName,
  category: 2,
  sort: 1,
  remark: '',
  enabled: 1,
  isDefault: false,
  imageFileId: id,
  ownerId: 1,
  ownerName: '管理员',
  maintainerIds: [],
  memberIds: [],
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });

function api() {
  return serveApi((url, init) => {
    if (url.pathname === '/api/macro-auth/oauth/public-key') return { data: { publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }) } };
    if (url.pathname === '/api/macro-flow/stamps' && init?.method === 'POST') return { data: stamp(9, JSON.parse(String(init.body)).stampName) };
    if (url.pathname === '/api/macro-flow/stamps') return { data: pageOf([stamp(1, '财务专用章', { isDefault: true }), stamp(2, '合同章', { enabled: 0 })]) };
    if (url.pathname === '/api/macro-flow/stamps/stamp-img') return { data: { id: 1, mimeType: 'image/png', image: PNG } };
    if (url.pathname === '/api/users/directory') return { data: pageOf([{ id: 5, account: 'clerk', name: '小王', realName: '', deptId: null, status: 1 }]) };
    if (url.pathname === '/api/macro-flow/stamps/2/enable') return { data: stamp(2, '合同章') };
    return undefined;
  });
}

describe('stamp screen', () => {
  beforeEach(() => useSession.setState({ token: 't', permissions: ['stamp:view', 'stamp:add', 'stamp:edit', 'stamp:delete'] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it('lists stamps with their state, and enables one that is off', async () => {
    const calls = api();
    await renderPage(<StampPage />);
    const table = screen.getByTestId('stamp-table');
    expect(await within(table).findByText('财务专用章')).toBeInTheDocument();
    expect(within(table).getByText('默认')).toBeInTheDocument();
    expect(within(table).getByText('未启用')).toBeInTheDocument();
    // Thumbnails are loaded by the browser from the cookie-signed image file, no token in the URL.
    const thumbs = within(table).getAllByRole('img', { name: /财务专用章|合同章/ });
    expect(thumbs[0].getAttribute('src')).toMatch(/^\/api\/macro-flow\/stamps\/1\/image\?v=/);
    expect(thumbs.map((img) => img.getAttribute('src')).join()).not.toMatch(/token|auth/i);
    const off = within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('合同章'))!;
    await clickRowAction(userEvent.setup(), off, '启用');
    expect(await screen.findByText('已启用', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/macro-flow/stamps/2/enable' && c.init?.method === 'PATCH')).toBe(true);
  }, 60_000);

  it('asks for name, password and image; refuses an image over 5MB with the spec message; sends a new stamp with its password sealed', async () => {
    const calls = api();
    await renderPage(<StampPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('stamp-add'));
    await user.click(await screen.findByTestId('stamp-dialog-save'));
    expect(await screen.findByText('请输入签章名称')).toBeInTheDocument();
    expect(await screen.findByText('请输入签章密码')).toBeInTheDocument();
    expect(screen.getByText('请上传签章图片')).toBeInTheDocument();

    // The upload widget replaces its file input after each choice: look it up every time.
    const input = () => document.querySelector('[data-testid="stamp-dialog-form"] input[type=file]') as HTMLInputElement;
    const big = new File([new Uint8Array(STAMP_IMAGE_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input(), { target: { files: [big] } });
    expect(await screen.findByText('图片大小不能超过5MB')).toBeInTheDocument();

    const small = new File([Uint8Array.from(atob(PNG.split(',')[1]), (c) => c.charCodeAt(0))], 'stamp.png', { type: 'image/png' });
    fireEvent.change(input(), { target: { files: [small] } });
    expect(await screen.findByTestId('stamp-field-image-preview')).toBeInTheDocument();
    await user.type(screen.getByTestId('stamp-field-stampName'), '人事章');
    await user.type(screen.getByTestId('stamp-field-password'), 'secret1');
    await user.click(screen.getByTestId('stamp-dialog-save'));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    const sent = calls.find((c) => c.url.pathname === '/api/macro-flow/stamps' && c.init?.method === 'POST');
    await waitFor(() => expect(sent).toBeDefined());
    const body = JSON.parse(String(sent?.init?.body));
    expect(body).toMatchObject({ stampName: '人事章', category: 1, image: PNG, memberIds: [] });
    // The password travels as sign-in's does: sealed with the server's public key, never as typed.
    expect(body.password).not.toContain('secret1');
    expect(privateDecrypt({ key: keys.privateKey, oaepHash: 'sha256' }, Buffer.from(body.password, 'base64')).toString()).toBe('secret1');
  }, 60_000);
});
