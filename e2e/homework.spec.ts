import { expect, request as playwrightRequest, test } from '@playwright/test';
import { doLesson, type ApiLesson } from './class-helpers';
import { skipTutorial } from './helpers';
import { expectAccessible, grantRole, makePlayer, signIn } from './tournament-helpers';

/**
 * Homework (issue 19): a school's organiser (staff of its classes) sets a lesson for the class on
 * /classes/{id}; the child (a managed account made through the API) sees 'Homework' first on
 * Lessons and above the board on Play, does the lesson with the network off, comes back online,
 * and the teacher sees it done.
 */
test('a teacher sets a lesson; the child sees it first on Lessons and Play, does it offline, and the teacher sees it done', { tag: '@phone' }, async ({ page, baseURL, browser }, testInfo) => {
  // A walk through three accounts and two devices: about 1.5 min at load 10 on 2 cores, twice that at load 15.
  test.setTimeout(240_000);
  const stamp = `${testInfo.project.name === 'phone-360' ? 'p' : 'd'}${Date.now().toString(36)}`;
  // Set-up through the API: an organiser (staff of the school's classes), a class, one child.
  const teacher = await makePlayer(baseURL!, 'hwt');
  await grantRole(teacher.email, 'organizer');
  const organization = await teacher.api.post('/api/organizations', { data: { name: `Homework School ${stamp}`, type: 'elementary_school' } });
  expect(organization.status(), await organization.text()).toBe(201);
  const organizationId = ((await organization.json()) as { id: number }).id;
  const made = await teacher.api.post('/api/classes', { data: { organizationId, name: `5C ${stamp}` } });
  const classId = ((await made.json()) as { id: number }).id;
  const added = await teacher.api.post(`/api/classes/${classId}/students`, { data: { names: ['Maya Homework'] } });
  expect(added.status(), await added.text()).toBe(201);
  const card = ((await added.json()) as { credentials: { userId: number; username: string; password: string }[] }).credentials[0]!;
  const lessons = (await (await teacher.api.get('/api/lessons')).json()) as ApiLesson[];
  const lesson = lessons.find((each) => each.title === 'Back-Rank Mates') ?? lessons[0]!;

  // The teacher sets the lesson on the class's page.
  await signIn(page, teacher);
  await page.goto(`/classes/${classId}`);
  const panel = page.getByRole('region', { name: 'Homework' });
  await expect(panel.getByRole('heading', { name: 'Set homework' })).toBeVisible();
  await panel.getByLabel('Lesson', { exact: true }).selectOption({ label: lesson.title });
  await panel.getByLabel('Note for the students (optional)').fill('Read it twice, then try the puzzles.');
  await panel.getByRole('button', { name: 'Set homework' }).click();
  const assignment = panel.getByRole('listitem').filter({ hasText: `Lesson: ${lesson.title}` });
  await expect(assignment.getByText('0 of 1 finished')).toBeVisible();
  await expect(assignment.getByRole('region', { name: /^Who finished/ })).toContainText('To do');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('homework-teacher.png'), fullPage: true });

  // The child, on another browser: signed in with the card, the assessment left for later.
  const context = await browser.newContext({ baseURL, viewport: page.viewportSize(), hasTouch: testInfo.project.name === 'phone-360' });
  const child = await context.newPage();
  expect((await child.request.post('/api/auth/login', { data: { username: card.username, password: card.password } })).ok()).toBe(true);
  expect((await child.request.post('/api/onboarding/complete')).ok()).toBe(true);
  await child.goto('/');
  await skipTutorial(child);
  const banner = child.getByRole('complementary', { name: 'Homework' });
  await expect(banner).toContainText(`Homework: Lesson: ${lesson.title}`);
  await expect(banner).toContainText('Due');
  // In the page's flow above the board: it covers neither the board nor any control.
  const bannerBox = (await banner.boundingBox())!;
  for (const target of [child.getByTestId('board'), child.getByTestId('status-bar'), child.getByRole('button', { name: 'New Game' })]) {
    const box = (await target.boundingBox())!;
    expect(bannerBox.y + bannerBox.height <= box.y || box.y + box.height <= bannerBox.y).toBe(true);
  }
  expect(bannerBox.x + bannerBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectAccessible(child);
  await child.screenshot({ path: testInfo.outputPath('homework-play.png') });

  await banner.getByRole('link').click();
  await expect(child).toHaveURL(new RegExp(`/lesson/${lesson.id}$`));
  await child.goto('/lessons');
  const homework = child.getByRole('region', { name: 'Homework' });
  await expect(homework).toContainText(`Lesson: ${lesson.title}`);
  await expect(homework).toContainText('Read it twice, then try the puzzles.');
  // 'Homework' is the first section of Lessons.
  expect(await child.locator('main h2').first().textContent()).toContain('Homework');
  await expectAccessible(child);
  await child.screenshot({ path: testInfo.outputPath('homework-lessons.png'), fullPage: true });

  // Offline: the lesson is done, and the homework shows done at once.
  await child.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await homework.getByRole('link', { name: /^Open lesson/ }).click();
  await doLesson(child, lesson);
  await expect(child).toHaveURL(/\/lessons$/);
  await expect(homework.getByText('Done', { exact: true })).toBeVisible();

  // Online again: the outbox is pushed once and the teacher sees it done.
  await context.setOffline(false);
  const api = await playwrightRequest.newContext({ baseURL, storageState: await teacher.api.storageState() });
  await expect
    .poll(async () => {
      const answer = (await (await api.get(`/api/classes/${classId}/homework`)).json()) as { homework: { students: { progress: { status: string } }[] }[] };
      return answer.homework[0]?.students[0]?.progress.status;
    }, { timeout: 30_000 })
    .toBe('done');
  await api.dispose();
  await context.close();
  await page.reload();
  await expect(assignment.getByText('1 of 1 finished')).toBeVisible();
  await expect(assignment.getByRole('region', { name: /^Who finished/ })).toContainText('Done');
  await expectAccessible(page);

  // A second assignment (five fork puzzles) comes first with its students shown; the lesson's
  // students fold away to one line, and open again with a tap.
  await panel.getByLabel('What').selectOption({ label: 'Puzzles of a theme' });
  await panel.getByLabel('Theme').selectOption({ label: 'Fork' });
  await panel.getByLabel('Puzzles to solve').fill('5');
  await panel.getByRole('button', { name: 'Set homework' }).click();
  const puzzles = panel.getByRole('listitem').filter({ hasText: 'Solve 5 puzzles: Fork' });
  await expect(puzzles.getByRole('region', { name: /^Who finished/ })).toBeVisible();
  await expect(assignment.getByRole('region', { name: /^Who finished/ })).toBeHidden();
  // The panel fits its card on a phone with the puzzles' fields (a select's own width, and a
  // grid column as wide as its widest child, ran it out to 508 px); the tables scroll inside.
  expect(await panel.evaluate((card) => card.scrollWidth <= card.clientWidth)).toBe(true);
  await panel.screenshot({ path: testInfo.outputPath('homework-two.png') });
  await assignment.getByText('Each student', { exact: true }).click();
  await expect(assignment.getByRole('region', { name: /^Who finished/ })).toContainText('Done');
  await expectAccessible(page);
});
