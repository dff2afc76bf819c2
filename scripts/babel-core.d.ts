/** The one call of @babel/core the Lingui macro plugin uses (the package ships no types). */
declare module '@babel/core' {
  interface TransformResult { code?: string | null; map?: { mappings: string } | null }
  export function transformAsync(code: string, options: Record<string, unknown>): Promise<TransformResult | null>;
}
