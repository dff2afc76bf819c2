import type { LessonContent } from '../../schema';
import type { LearningContent } from './content';

/** A small valid content set for the server's tests (the real content is tested in content.test.ts). */
export function testContent(): LearningContent {
  const lesson = (n: number, difficulty: LessonContent['difficulty'], skills: LessonContent['skills']): LessonContent => ({
    slug: `test-lesson-${n}`,
    title: `Test lesson ${n}`,
    description: `Lesson ${n} for the tests.`,
    difficulty,
    order: n,
    skills,
    content: {
      estimatedTime: 10,
      objectives: ['Learn something'],
      difficulty: 2,
      sections: [
        { title: 'Intro', type: 'text', content: 'Hello.' },
        { title: 'Try it', type: 'interactive', content: { content: 'Push the pawn.', fen: '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', instruction: 'Play e2-e4.', correctMoves: ['e2e4'], hints: ['The pawn can move two squares.'] } },
        { title: 'Again', type: 'interactive', content: { content: 'And again.', fen: '4k3/8/8/8/8/8/3P4/4K3 w - - 0 1', instruction: 'Play d2-d4.', correctMoves: ['d2d4'], hints: ['Two squares.'] } },
        { title: 'Done', type: 'text', content: 'Well done.' },
      ],
    },
  });
  return {
    lessons: [lesson(1, 'beginner', ['pieces']), lesson(2, 'intermediate', ['fork', 'tactics']), lesson(3, 'advanced', ['rook-endgame', 'endgame'])],
    tips: [
      { slug: 'test-tip-1', title: 'Control the centre', content: 'Put pawns on e4 and d4.', category: 'opening', difficulty: 'beginner', estimatedReadTime: 30, tags: ['centre'] },
      { slug: 'test-tip-2', title: 'Look for forks', content: 'Knights love forks.', category: 'tactics', difficulty: 'intermediate', estimatedReadTime: 45, fen: '4k3/1r6/8/8/4N3/8/8/4K3 w - - 0 1', moves: [{ from: 'e4', to: 'd6' }], tags: ['fork', 'personalized'] },
      { slug: 'test-tip-3', title: 'King to the centre', content: 'In the endgame the king is strong.', category: 'endgame', difficulty: 'beginner', estimatedReadTime: 60, tags: ['king'] },
    ],
    puzzles: [
      { lichessId: 'aaaaa', fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', solution: [{ from: 'a1', to: 'a8' }], rating: 600, tags: ['mate', 'backRankMate'], description: 'Mate in one.' },
      { lichessId: 'bbbbb', fen: '4k3/1r6/8/8/4N3/8/8/4K3 w - - 0 1', solution: [{ from: 'e4', to: 'd6' }, { from: 'e8', to: 'd7' }, { from: 'd6', to: 'b7' }], rating: 1300, tags: ['fork'], description: 'Win the rook.' },
    ],
  };
}
