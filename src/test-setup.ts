import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

afterEach(cleanup);
// findBy / waitFor give up after this long. Their default (1 s) is shorter than one render of the
// full page takes on two shared cores under load; the tests wait for a state, never for a time, so
// a longer limit only changes how long a real failure takes to report.
configure({ asyncUtilTimeout: 10_000 });
