import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import type { Plugin } from 'vite';

const MACRO_IMPORT = /from ['"]@lingui\/(core|react)\/macro['"]/;

/**
 * Compiles Lingui's macros (`t`, `plural`, `<Trans>`) into message descriptors with Babel, for the
 * build, the dev server and Vitest alike. @lingui/vite-plugin's own `macroTransform` needs
 * @lingui/native-tools' platform binary, which npm leaves out of node_modules here (an optional
 * dependency); Babel comes with the macro plugin. Only files that import a macro are parsed.
 * A production build keeps only the ids in the bundle: the compiled catalogues hold the texts.
 */
export function linguiMacroPlugin(): Plugin {
  let production = false;
  return {
    name: 'chess:lingui-macro',
    enforce: 'pre',
    configResolved(config) {
      production = config.isProduction;
    },
    transform: {
      filter: { id: /\.[jt]sx?$/, code: MACRO_IMPORT },
      async handler(code, id) {
        const result = await transformAsync(code, {
          filename: id,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: ['typescript', 'jsx'] },
          plugins: [[linguiMacro, { descriptorFields: production ? 'id-only' : 'all' }]],
        });
        if (!result?.code) return null;
        return { code: result.code, map: result.map };
      },
    },
  };
}
