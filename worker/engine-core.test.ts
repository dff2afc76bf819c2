/**
 * EngineCore against a scripted engine: the paths a real Stockfish rarely takes (it hangs, it
 * never loads, it proposes an illegal move) and the exact UCI it is sent.
 * engine-core.node.test.ts runs the real engine.
 */
import { describe, expect, it } from 'vitest';
import { EngineCore, ENGINE_STOPPED, type EngineCoreOptions, type EngineTransport } from './engine-core';

type Reply = (line: string) => void;

/** A transport whose engine is `script`: it sees each command and may reply, now or later. */
function scripted(script: (command: string, reply: Reply) => void) {
  const commands: string[] = [];
  let lineListener: Reply = () => {};
  let errorListener: (message: string) => void = () => {};
  let terminated = false;
  const transport: EngineTransport = {
    post: (command) => {
      commands.push(command);
      // Like a worker's postMessage, answers come asynchronously.
      script(command, (line) => queueMicrotask(() => lineListener(line)));
    },
    onLine: (listener) => (lineListener = listener),
    onError: (listener) => (errorListener = listener),
    terminate: () => (terminated = true),
  };
  return {
    transport,
    commands,
    fail: (message: string) => errorListener(message),
    isTerminated: () => terminated,
  };
}

/** Answers the handshake; `go` gets the scripted search lines, `stop` nothing unless told. */
function wellBehaved(search: (command: string, reply: Reply) => void = () => {}) {
  return (command: string, reply: Reply) => {
    if (command === 'uci') reply('uciok');
    else if (command === 'isready') reply('readyok');
    else search(command, reply);
  };
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const quick: Partial<EngineCoreOptions> = { bootTimeoutMs: 200, answerTimeoutMs: 50, maxSearchMs: 100 };

function core(transports: EngineTransport[], options: Partial<EngineCoreOptions> = {}) {
  let created = 0;
  const engine = new EngineCore({
    ...quick,
    ...options,
    createTransport: () => {
      const transport = transports[created++];
      if (!transport) throw new Error('no more transports');
      return transport;
    },
  });
  return { engine, created: () => created };
}

describe('EngineCore with a scripted engine', () => {
  it('boots with the handshake, a small hash and MultiPV 1', async () => {
    const fake = scripted(wellBehaved());
    const { engine } = core([fake.transport]);
    expect(engine.status.state).toBe('loading');
    await engine.init();
    await engine.init();
    expect(engine.status).toEqual({ state: 'idle', error: null });
    expect(fake.commands).toEqual(['uci', 'setoption name Hash value 16', 'setoption name MultiPV value 1', 'isready']);
  });

  it('reports the analysis so far at each completed depth of the best line, not at bounds or other lines', async () => {
    const fake = scripted(
      wellBehaved((command, reply) => {
        if (!command.startsWith('go')) return;
        reply('info depth 1 seldepth 1 multipv 1 score cp 20 nodes 20 nps 1000 time 1 pv e2e4');
        reply('info depth 2 seldepth 2 multipv 1 score cp 35 lowerbound nodes 40 nps 1000 time 2 pv d2d4');
        reply('info depth 2 seldepth 2 multipv 1 score cp 30 nodes 60 nps 1000 time 3 pv d2d4 d7d5');
        reply('info depth 2 currmove e2e4 currmovenumber 1');
        reply('info depth 3 seldepth 3 multipv 1 score mate 2 nodes 90 nps 1000 time 4 pv d2d4');
        reply('bestmove d2d4');
      }),
    );
    const { engine } = core([fake.transport]);
    await engine.init();
    const seen: string[] = [];
    const analysis = await engine.analyse(START, { depth: 3, onDepth: (a) => seen.push(`${a.depth} ${a.bestMove} ${a.lines[0]!.scoreCp ?? `#${a.lines[0]!.mate}`} ${a.fen === START}`) });
    expect(seen).toEqual(['1 e2e4 20 true', '2 d2d4 30 true', '3 d2d4 #2 true']);
    expect(analysis).toMatchObject({ depth: 3, bestMove: 'd2d4' });
  });

  it('clears the hash when the purpose of the search changes, not between searches of one purpose', async () => {
    const fake = scripted(
      wellBehaved((command, reply) => {
        if (command.startsWith('go')) {
          reply('info depth 1 seldepth 1 multipv 1 score cp 20 nodes 20 nps 1000 time 1 pv e2e4');
          reply('bestmove e2e4');
        }
      }),
    );
    const { engine } = core([fake.transport]);
    await engine.analyse(START, { depth: 12, movetimeMs: 50 });
    await engine.analyse(START, { depth: 12, movetimeMs: 50 });
    await engine.bestMove(START, 'beginner');
    expect(fake.commands.slice(4)).toEqual([
      'ucinewgame',
      'isready',
      `position fen ${START}`,
      'go depth 12 movetime 50',
      `position fen ${START}`,
      'go depth 12 movetime 50',
      'ucinewgame',
      'setoption name MultiPV value 30',
      'isready',
      `position fen ${START}`,
      'go depth 5 movetime 500',
    ]);
  });

  it('chooses among the candidate lines with the injected random, and only legal moves', async () => {
    const fake = scripted(
      wellBehaved((command, reply) => {
        if (!command.startsWith('go')) return;
        reply('info depth 5 seldepth 5 multipv 1 score cp 30 nodes 900 nps 9000 time 100 pv e2e4 e7e5');
        reply('info depth 5 seldepth 5 multipv 2 score cp 29 nodes 900 nps 9000 time 100 pv d2d4');
        reply('info depth 5 seldepth 5 multipv 3 score cp 28 nodes 900 nps 9000 time 100 pv e2e5');
        reply('bestmove e2e4 ponder e7e5');
      }),
    );
    // The draw just below 1 lands on the last candidate, e2e5, which is illegal: the engine's
    // own best move is played instead.
    const draws = [0.5, 0.999999];
    const { engine } = core([fake.transport], { random: () => draws.shift() ?? 0 });
    const first = await engine.bestMove(START, 'beginner');
    expect(first).toMatchObject({ from: 'd2', to: 'd4', uci: 'd2d4' });
    expect(first.promotion).toBeUndefined();
    expect((await engine.bestMove(START, 'beginner')).uci).toBe('e2e4');
  });

  it('stops a search at its time limit and answers with the best so far', async () => {
    const fake = scripted(
      wellBehaved((command, reply) => {
        if (command.startsWith('go')) reply('info depth 7 seldepth 9 multipv 1 score cp 41 nodes 5000 nps 50000 time 100 pv g1f3');
        if (command === 'stop') reply('bestmove g1f3');
      }),
    );
    const { engine } = core([fake.transport]);
    const analysis = await engine.analyse(START, { depth: 99 });
    expect(fake.commands.at(-1)).toBe('stop');
    expect(analysis).toMatchObject({ bestMove: 'g1f3', depth: 7, fen: START });
    expect(engine.status.state).toBe('idle');
  });

  it('fails, and can be restarted, when the engine does not answer stop', async () => {
    const hung = scripted(wellBehaved());
    const fresh = scripted(wellBehaved());
    const { engine, created } = core([hung.transport, fresh.transport]);
    const search = engine.analyse(START, { depth: 99 });
    const queued = engine.analyse(START, { depth: 1 });
    await expect(search).rejects.toThrow("Stockfish did not answer 'stop' within 50 ms");
    await expect(queued).rejects.toThrow("Stockfish did not answer 'stop' within 50 ms");
    expect(engine.status).toEqual({ state: 'failed', error: "Stockfish did not answer 'stop' within 50 ms" });
    expect(hung.isTerminated()).toBe(true);
    await expect(engine.analyse(START, { depth: 1 })).rejects.toThrow('Engine failed: Stockfish did not answer');
    await engine.init();
    expect(created()).toBe(2);
    expect(engine.status.state).toBe('idle');
  });

  it('turns a silent boot into the failed state', async () => {
    const silent = scripted(() => {});
    const { engine } = core([silent.transport]);
    await expect(engine.init()).rejects.toThrow("Stockfish did not answer 'uciok' within 200 ms");
    expect(engine.status).toEqual({ state: 'failed', error: "Stockfish did not answer 'uciok' within 200 ms" });
  });

  it('turns a load error into the failed state with its message', async () => {
    const broken = scripted(() => {});
    const { engine } = core([broken.transport]);
    const boot = engine.init();
    broken.fail('Stockfish failed: HTTP 404: Not Found');
    await expect(boot).rejects.toThrow('Stockfish failed: HTTP 404: Not Found');
    expect(engine.status).toEqual({ state: 'failed', error: 'Stockfish failed: HTTP 404: Not Found' });
  });

  it('turns a transport that cannot be created into the failed state', async () => {
    const { engine } = core([]);
    await expect(engine.init()).rejects.toThrow('no more transports');
    expect(engine.status.state).toBe('failed');
  });

  it("stop() ends the running search and rejects queued work with 'Engine stopped'", async () => {
    const fake = scripted(
      wellBehaved((command, reply) => {
        if (command === 'stop') reply('bestmove e2e4');
      }),
    );
    const { engine } = core([fake.transport], { maxSearchMs: 10_000 });
    await engine.init();
    const running = engine.analyse(START, { depth: 99 });
    const queued = engine.analyse(START, { depth: 20 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await engine.stop();
    await expect(queued).rejects.toThrow(ENGINE_STOPPED);
    expect((await running).bestMove).toBe('e2e4');
  });

  it("puts the computer's move first: a running analysis stops, the move is searched, then the analysis runs again", async () => {
    let analysisRuns = 0;
    const fake = scripted(
      wellBehaved((command, reply) => {
        if (command === 'go depth 15') {
          analysisRuns++;
          reply(`info depth ${analysisRuns === 1 ? 3 : 15} seldepth 15 multipv 1 score cp 25 nodes 10 nps 100 time 1 pv d2d4`);
          if (analysisRuns > 1) reply('bestmove d2d4'); // the first run waits for 'stop'
        } else if (command.startsWith('go depth 18')) {
          reply('info depth 18 seldepth 18 multipv 1 score cp 30 nodes 10 nps 100 time 1 pv e2e4');
          reply('bestmove e2e4');
        } else if (command === 'stop') reply('bestmove d2d4');
      }),
    );
    const { engine } = core([fake.transport], { maxSearchMs: 10_000 });
    await engine.init();
    const analysis = engine.analyse(START, { depth: 15 });
    const queuedAnalysis = engine.analyse(START, { depth: 15 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const reply = await engine.bestMove(START, 'advanced');
    expect(reply.uci).toBe('e2e4');
    // The stopped search's shallow result is not handed out: the caller gets the full search.
    expect((await analysis).depth).toBe(15);
    expect((await queuedAnalysis).depth).toBe(15);
    const searches = fake.commands.filter((command) => command.startsWith('go') || command === 'stop');
    expect(searches).toEqual(['go depth 15', 'stop', 'go depth 18 movetime 1000', 'go depth 15', 'go depth 15']);
    expect(engine.status.state).toBe('idle');
  });

  it('stopAnalysis() stops a running analysis, never the computer move', async () => {
    const fake = scripted(
      wellBehaved((command, reply) => {
        if (command === 'stop') reply('bestmove e2e4');
        if (command.startsWith('go depth 5')) {
          reply('info depth 5 seldepth 5 multipv 1 score cp 30 nodes 9 nps 9 time 1 pv d2d4');
          reply('bestmove d2d4');
        }
      }),
    );
    const { engine } = core([fake.transport], { maxSearchMs: 10_000 });
    await engine.init();
    const analysis = engine.analyse(START, { depth: 99 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    engine.stopAnalysis();
    expect((await analysis).bestMove).toBe('e2e4');
    const move = engine.bestMove(START, 'beginner');
    engine.stopAnalysis();
    expect((await move).uci).toBe('d2d4');
    expect(fake.commands.filter((c) => c === 'stop')).toHaveLength(1);
  });

  it('rejects what it cannot search before asking the engine', async () => {
    const fake = scripted(wellBehaved());
    const { engine } = core([fake.transport]);
    await expect(engine.analyse('not a fen', { depth: 1 })).rejects.toThrow(/^Invalid FEN: /);
    await expect(engine.bestMove('8/8/8/8/8/8/8/8 w - - 0 1', 'beginner')).rejects.toThrow(/^Invalid FEN: /);
    await expect(engine.bestMove('3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1', 'beginner')).rejects.toThrow(
      'No legal move: the game is over (checkmate)',
    );
    await expect(engine.bestMove('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', 'beginner')).rejects.toThrow(
      'No legal move: the game is over (stalemate)',
    );
    await expect(engine.bestMove(START, 'grandmaster' as never)).rejects.toThrow('Unknown level: grandmaster');
    expect(fake.commands).toEqual([]);
  });
});
