import { AgentBanner } from '../../features/agents/components/agent-banner';

// The Options sheet (SPEC 2.4, 6): its own chunk, fetched when the agent first presses the kebab. Loaded
// from here, the agents' chunk, so not even its loader weighs on a visitor's first load.
const loadAgentOptions = () => import('../../features/agent-options/components/options-sheet');

/** The agent bar with its Options sheet: the app layer composes the two features. */
export default function AgentBar() {
  return <AgentBanner loadOptions={loadAgentOptions} />;
}
