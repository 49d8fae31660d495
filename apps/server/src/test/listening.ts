import { Socket } from 'node:net';

/** Whether something listens on this machine's port (the databases that links are tested and benched against). */
export function listening(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    const answer = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket
      .once('connect', () => answer(true))
      .once('error', () => answer(false))
      .once('timeout', () => answer(false));
    socket.connect(port, '127.0.0.1');
  });
}
