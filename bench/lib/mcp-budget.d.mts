export declare const TOOLS_LIST_BUDGET_TOKENS: number;
export declare function toolsListTokens(result: unknown): number;
