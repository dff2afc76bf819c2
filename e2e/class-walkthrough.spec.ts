import { expect, request as playwrightRequest, test } from '@playwright/test';
import { DEFAULT_CHESS_SETTINGS } from '../schema/settings-defaults';
import { doLesson, seedPlayTime, type ApiLesson } from './class-helpers';
import { navigateTo, newAccount, skipTutorial } from './helpers';
import { expectAccessible, grantRole, makePlayer, signIn } from './tournament-helpers';

/**
 * Issue 19's walk-through, one story with one child from start to end, each person on their own
 * browser and screen: the teacher at a 1280 px desktop, the child on a school Chromebook
 * (1366 x 768), the parent on a 360 px phone. The teacher makes a class of 20 from pasted names,
 * prints the login cards, sets a lesson as homework and prints the parent letters; the child signs
 * in on a fresh browser from their card's QR address and does the lesson with the network off;
 * after the sync the teacher's class page shows it done; the parent links with the letter's code
 * and lowers the daily limit, and the child's Play enforces it. The screens themselves are also
 * tested at 360 and 1280 px each in classes, homework, class-dashboard and parents.spec.ts.
 */
test('a class of 20 from pasted names to a child’s homework done offline and a parent’s daily limit', async ({ browser, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone-360', 'one story, with a screen of its own for each person');
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const manager = await makePlayer(baseURL!, 'walkm');
  await grantRole(manager.email, 'organizer');
  const organization = await manager.api.post('/api/organizations', { data: { name: `Riverside Primary ${stamp}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const teacherAccount = await makePlayer(baseURL!, 'walkt');
  await grantRole(teacherAccount.email, 'teacher', `organization:${organizationId}`);
  const lessons = (await (await teacherAccount.api.get('/api/lessons')).json()) as ApiLesson[];
  const lesson = lessons.find((each) => each.title === 'Back-Rank Mates') ?? lessons[0]!;

  // The teacher, at a desktop: a class and 20 names pasted from the school's register.
  const teacherContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const teacher = await teacherContext.newPage();
  await signIn(teacher, teacherAccount);
  await skipTutorial(teacher);
  await navigateTo(teacher, 'Classes');
  const className = `4R Chess ${stamp}`;
  await teacher.getByLabel('Class name').fill(className);
  await teacher.getByLabel('Grade (optional)').fill('Grade 4');
  await teacher.getByRole('button', { name: 'Make class' }).click();
  await teacher.getByRole('link', { name: new RegExp(className) }).click();
  await expect(teacher.getByRole('heading', { name: className })).toBeVisible();
  const classId = Number(/\/classes\/(\d+)$/.exec(new URL(teacher.url()).pathname)?.[1]);
  expect(classId).toBeGreaterThan(0);
  const names = [
    'Ana Lopez', 'Ben Okafor', 'Chloe Nguyen', 'Dev Schmidt', 'Eva Rossi', 'Femi Kowalski', 'Gus Haddad',
    'Hana Silva', 'Ivo Tanaka', 'Jade Novak', 'Kofi Mensah', 'Lena Berg', 'Milo Costa', 'Nia Patel',
    'Omar Aziz', 'Pia Larsen', 'Quinn Walsh', 'Rosa Diaz', 'Sami Koskinen', 'Tara Byrne',
  ];
  await teacher.getByLabel('Students’ names, one a line').fill(names.join('\n'));
  await expect(teacher.getByText('20 names (up to 100 at a time)')).toBeVisible();
  await teacher.getByRole('button', { name: 'Make accounts' }).click();

  // The login cards: 20, each with its QR code; Ana Lopez's card goes home with her.
  const cards = teacher.getByTestId('login-card');
  await expect(cards).toHaveCount(20, { timeout: 30_000 });
  await expect(teacher.getByRole('img', { name: /^QR code: sign-in address for / })).toHaveCount(20);
  await expectAccessible(teacher);
  await teacher.screenshot({ path: testInfo.outputPath('walkthrough-cards.png'), fullPage: true });
  const anaCard = cards.filter({ hasText: 'Ana Lopez' }).first();
  const username = (await anaCard.getByTestId('card-username').textContent()) ?? '';
  const password = (await anaCard.getByTestId('card-password').textContent()) ?? '';
  expect(username).toMatch(/^AnaL\d*$/);
  const qrAddress = new URL((await anaCard.getByRole('img', { name: `QR code: sign-in address for ${username}` }).getAttribute('data-value')) ?? '');

  // Homework for the whole class: the lesson, due in a week (the form's default), with a note.
  await teacher.getByRole('link', { name: 'Back to the class' }).click();
  const homeworkPanel = teacher.getByRole('region', { name: 'Homework' });
  await homeworkPanel.getByLabel('Lesson', { exact: true }).selectOption({ label: lesson.title });
  await homeworkPanel.getByLabel('Note for the students (optional)').fill('Do it before Friday’s club.');
  await homeworkPanel.getByRole('button', { name: 'Set homework' }).click();
  const assignment = homeworkPanel.getByRole('listitem').filter({ hasText: `Lesson: ${lesson.title}` });
  await expect(assignment.getByText('0 of 20 finished')).toBeVisible();

  // The parent letters: one code for each child, printed and sent home.
  await teacher.getByRole('link', { name: 'Parent letters' }).click();
  await teacher.getByRole('button', { name: 'Make letters for 20 students' }).click();
  const anaLetter = teacher.getByTestId('parent-letter').filter({ hasText: 'Ana Lopez' });
  await expect(anaLetter).toHaveCount(1);
  const code = (await anaLetter.getByTestId('parent-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expectAccessible(teacher);

  // Ana chose an hour a day on her own earlier (the parent will make it less).
  const earlier = await playwrightRequest.newContext({ baseURL });
  expect((await earlier.post('/api/auth/login', { data: { username, password } })).ok()).toBe(true);
  expect((await earlier.post('/api/onboarding/complete')).ok()).toBe(true);
  const own = await earlier.put('/api/settings', { data: { settings: { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime: 60 }, updatedAt: new Date(Date.now() - 60_000).toISOString() } });
  expect(own.ok(), await own.text()).toBe(true);
  await earlier.dispose();

  // Ana, on a school Chromebook with a fresh browser: the card's QR address, then her password.
  const childContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
  const child = await childContext.newPage();
  await child.goto(qrAddress.pathname + qrAddress.search);
  await expect(child.getByLabel('Username')).toHaveValue(username);
  await child.getByLabel('Password', { exact: true }).fill(password);
  await child.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(child.getByText('Welcome back!')).toBeVisible();
  await skipTutorial(child);
  const banner = child.getByRole('complementary', { name: 'Homework' });
  await expect(banner).toContainText(`Homework: Lesson: ${lesson.title}`);
  await child.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await navigateTo(child, 'Lessons');
  const homework = child.getByRole('region', { name: 'Homework' });
  await expect(homework).toContainText('Do it before Friday’s club.');
  await expectAccessible(child);

  // The network drops: she does the lesson anyway, and it shows done at once.
  await childContext.setOffline(true);
  await homework.getByRole('link', { name: /^Open lesson/ }).click();
  await doLesson(child, lesson);
  await expect(child).toHaveURL(/\/lessons$/);
  await expect(homework.getByText('Done', { exact: true })).toBeVisible();
  await childContext.setOffline(false);

  // The sync sends the lesson once; the teacher's class page shows it done, on the dashboard too.
  await expect
    .poll(async () => {
      const answer = (await (await teacherAccount.api.get(`/api/classes/${classId}/homework`)).json()) as { homework: { students: { username: string; progress: { status: string } }[] }[] };
      return answer.homework[0]?.students.find((student) => student.username === username)?.progress.status;
    }, { timeout: 30_000 })
    .toBe('done');
  await teacher.getByRole('link', { name: 'Back to the class' }).click();
  await expect(assignment.getByText('1 of 20 finished')).toBeVisible();
  const dashboard = teacher.getByRole('region', { name: 'Progress of each student (scrolls sideways)' });
  const anaRow = dashboard.locator('tbody tr', { hasText: 'Ana Lopez' });
  // Rating, since assessment, games this week, games in all, time this week, then lessons.
  await expect(anaRow.locator('td').nth(5)).toHaveText('1');
  await expectAccessible(teacher);
  await teacher.screenshot({ path: testInfo.outputPath('walkthrough-class.png'), fullPage: true });

  // She has played 40 minutes today on this Chromebook: under her own hour, so Play lets her go on.
  await seedPlayTime(child, 40);
  await child.goto('/');
  await skipTutorial(child);
  await expect(child.getByRole('button', { name: 'New Game' })).toBeEnabled();
  await expect(child.getByTestId('play-limit')).toHaveCount(0);

  // Ana's father, on his phone, opens the letter's address, signs up and links with the code.
  const parentContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 760 }, hasTouch: true });
  const parent = await parentContext.newPage();
  await parent.goto('/children');
  await parent.getByRole('link', { name: 'Sign Up' }).first().click();
  const parentAccount = newAccount('walkp');
  await parent.getByLabel('Username').fill(parentAccount.username);
  await parent.getByLabel('Email').fill(parentAccount.email);
  await parent.getByLabel('Password', { exact: true }).fill(parentAccount.password);
  await parent.getByRole('button', { name: 'Sign Up' }).click();
  await expect(parent.getByRole('heading', { name: 'My children' })).toBeVisible();
  await parent.getByLabel('Code from the teacher’s letter').fill(code);
  await parent.getByRole('button', { name: 'Link child' }).click();
  const linked = parent.getByTestId('linked-child');
  await expect(linked.getByRole('heading', { name: /Ana Lopez/ })).toBeVisible();
  await expect(linked.getByLabel('Daily play time')).toHaveValue('60');
  await linked.getByLabel('Daily play time').selectOption('30');
  await expect(parent.getByText('Saved', { exact: true })).toBeVisible();
  await expectAccessible(parent);
  await parent.screenshot({ path: testInfo.outputPath('walkthrough-parent.png'), fullPage: true });

  // Ana's Chromebook syncs (the network comes back after a drop): Play refuses a new game.
  await childContext.setOffline(true);
  await childContext.setOffline(false);
  const limit = child.getByTestId('play-limit');
  await expect(limit.getByRole('heading', { name: 'Daily play time reached' })).toBeVisible({ timeout: 30_000 });
  await expect(limit).toContainText('Today’s 30 minutes are used up');
  await expect(child.getByRole('button', { name: 'New Game' })).toBeDisabled();
  await expectAccessible(child);
  await child.screenshot({ path: testInfo.outputPath('walkthrough-child-limit.png') });

  await parentContext.close();
  await childContext.close();
  await teacherContext.close();
});
