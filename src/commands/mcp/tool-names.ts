import { toolNamesFrom, type ToolName } from '../../mcp/tool-names.js';
import { svcCommands } from '../index.js';

/** svc's MCP tools, named after the commands that send their operations. */
export const toolNames: readonly ToolName[] = toolNamesFrom(svcCommands);
