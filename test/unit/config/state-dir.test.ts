import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateDir } from '../../../src/config/state-dir.js';

describe('stateDir', () => {
  const home = '/home/ann';

  it('is SVC_CONFIG_DIR when set, on any platform', () => {
    expect(stateDir({ SVC_CONFIG_DIR: '/tmp/svc' }, 'linux', home)).toBe('/tmp/svc');
    expect(stateDir({ SVC_CONFIG_DIR: '/tmp/svc' }, 'darwin', home)).toBe('/tmp/svc');
  });

  it("is the platform's state directory otherwise", () => {
    expect(stateDir({}, 'linux', home)).toBe(join(home, '.local', 'state', 'svc'));
    expect(stateDir({ XDG_STATE_HOME: '/var/state' }, 'linux', home)).toBe(
      join('/var/state', 'svc'),
    );
    expect(stateDir({}, 'darwin', home)).toBe(join(home, 'Library', 'Application Support', 'svc'));
    expect(stateDir({ LOCALAPPDATA: 'C:\\Local' }, 'win32', home)).toBe(
      join('C:\\Local', 'svc', 'State'),
    );
  });
});
