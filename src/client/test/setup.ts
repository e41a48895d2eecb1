import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 1 s by default. The client tests run beside the server project's
// PostgreSQL work on two cores, where a lazy chunk's first import or a React commit can take longer
// (seen: a findByText failing at 1.1 s in a full run). A longer ceiling costs nothing when it passes.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
