export function createTestDatabase(
  serverUrl: string,
  prefix?: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }>;
