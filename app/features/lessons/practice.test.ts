import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { InteractiveSectionContent } from '../../../schema';
import { attemptsText, hintFor, hintVisible, isCorrectMove, lessonScore, replyTo, startPractice, tryMove } from './practice';

// The knight fork of content/lessons/07-forks.json.
const fork: InteractiveSectionContent = {
  content: 'The black king and rook stand a knight’s jump apart from a square you can reach.',
  fen: '4k3/1r6/8/8/4N3/8/5P2/4K3 w - - 0 1',
  instruction: 'Find the knight move that attacks the king and the rook.',
  correctMoves: ['e4d6'],
  hints: ['Look for a square that gives check and also attacks b7.', 'Knight from e4 to d6: check, and the rook is attacked.'],
};

// A promotion listed as a knight (e7e8n), to check the piece comes from the list.
const underpromotion: InteractiveSectionContent = { ...fork, fen: '8/4P3/8/8/8/8/k7/4K3 w - - 0 1', correctMoves: ['e7e8n'] };

describe('a lesson practice board (play spec section 4)', () => {
  it('accepts only a listed from-plus-to move', () => {
    expect(isCorrectMove(fork, 'e4', 'd6')).toBe(true);
    expect(isCorrectMove(fork, 'e4', 'c5')).toBe(false);
  });

  it('rejects a wrong move silently: the position stays, the attempt counts', () => {
    const after = tryMove(startPractice(fork), fork, 'e4', 'c5');
    expect(after).toEqual({ fen: fork.fen, attempts: 1, done: false, lastMove: null });
  });

  it('shows hints from the third failed attempt, with Attempts: n/3', () => {
    let state = startPractice(fork);
    const seen: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      state = tryMove(state, fork, 'e4', 'f6');
      seen.push(hintVisible(state));
    }
    expect(seen).toEqual([false, false, true, true]);
    expect(attemptsText(state, setupI18n({ locale: 'en', messages: { en: {} } }))).toBe('Attempts: 4/3');
    expect(hintFor(fork, { ...state, attempts: 3 })).toBe(fork.hints[0]);
    expect(hintFor(fork, state)).toBe(fork.hints[1]);
  });

  it("after the written hints, explains the solution in the coach's words; a quiet move keeps the last hint", () => {
    const after = { ...startPractice(fork), attempts: 5 };
    expect(hintFor(fork, after)).toBe('Nd6+ forks the king and rook with the knight. That is a fork.');
    const quiet: InteractiveSectionContent = { ...fork, fen: '4k3/8/8/8/8/8/5P2/4K3 w - - 0 1', correctMoves: ['f2f4'], hints: ['Push the pawn.'] };
    expect(hintFor(quiet, after)).toBe('Push the pawn.');
  });

  it('plays a correct move, marks the section done and hides the hint', () => {
    let state = startPractice(fork);
    for (let i = 0; i < 3; i++) state = tryMove(state, fork, 'e4', 'f6');
    state = tryMove(state, fork, 'e4', 'd6');
    expect(state.done).toBe(true);
    expect(state.fen).toBe('4k3/1r6/3N4/8/8/8/5P2/4K3 b - - 1 1');
    expect(hintVisible(state)).toBe(false);
    // Nothing more is played once done.
    expect(tryMove(state, fork, 'f2', 'f3')).toBe(state);
  });

  it('promotes to the listed piece', () => {
    const state = tryMove(startPractice(underpromotion), underpromotion, 'e7', 'e8');
    expect(state.fen.startsWith('4N3/')).toBe(true);
  });

  it('answers with a legal reply for the opponent, chosen by the random number', () => {
    const solved = tryMove(startPractice(fork), fork, 'e4', 'd6');
    const first = replyTo(solved, 0);
    const last = replyTo(solved, 0.999);
    expect(first?.fen).not.toBe(solved.fen);
    expect(first?.fen.split(' ')[1]).toBe('w');
    expect(last?.fen).not.toBe(first?.fen);
  });

  it('gives no reply when the game is over (mate)', () => {
    const mate: InteractiveSectionContent = { ...fork, fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', correctMoves: ['a1a8'] };
    const solved = tryMove(startPractice(mate), mate, 'a1', 'a8');
    expect(solved.done).toBe(true);
    expect(replyTo(solved, 0.5)).toBeNull();
  });

  it('scores the share solved without a hint', () => {
    expect(lessonScore(1, 2)).toBe(50);
    expect(lessonScore(0, 0)).toBe(100);
  });
});
