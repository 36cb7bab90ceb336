/** What the API's start prints for the person at its console, in Spanish (server.ts). */
export const startTexts = {
  failed: 'No se ha podido arrancar Casaoferta:',
  listening: (port: number) => `Casaoferta escuchando en http://localhost:${port}`,
  /** The local demo's secrets (decision 027): the outbox's link with its token, the demo agent's password. */
  localSecrets: (outboxLink: string, demoAgent: { email: string; password: string } | null) =>
    `\nSolo en este equipo (no compartas estos enlaces):\n` +
    `  Buzón de desarrollo (SMS, correos y WhatsApp, con los códigos): ${outboxLink}\n` +
    (demoAgent
      ? `  Agente de demostración: ${demoAgent.email} · contraseña ${demoAgent.password} (nueva en cada arranque)\n`
      : ''),
} as const;
