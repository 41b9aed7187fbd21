import { expect, test } from '../support/test';

/** A trivia round from the full F1DB data, answered to the end in a real browser. */

test('a round is answered to the end: facts, score and streak, then a fresh round', async ({ page }) => {
  const firstRound = page.waitForResponse((r) => r.url().endsWith('/api/trivia/rounds') && r.request().method() === 'POST');
  await page.goto('/fun');
  const round = await (await firstRound).json();
  // The round holds the questions, not the answers.
  expect(JSON.stringify(round)).not.toMatch(/"(answer|fact|layoutId)"/);
  expect(round.questions).toHaveLength(10);

  let right = 0;
  for (let question = 1; question <= 10; question++) {
    await expect(page.getByText(`Question ${question} of 10`)).toBeVisible();
    const map = page.getByRole('img', { name: 'The circuit’s layout, drawn as a line' });
    if (await map.count()) {
      await expect(map).toHaveJSProperty('complete', true);
      expect(await map.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    const options = page.getByRole('list', { name: 'Answers' }).getByRole('button');
    await expect(options).toHaveCount(4);
    // Alternate between the first and the last option, by mouse and by keyboard.
    if (question % 2) {
      await options.first().click();
    } else {
      await options.last().focus();
      await page.keyboard.press('Enter');
    }
    const verdict = page.getByText(/^(Right!|Not quite\.)$/);
    await expect(verdict).toBeVisible();
    if ((await verdict.textContent()) === 'Right!') right++;
    await expect(page.locator('[data-state="right"]')).toHaveCount(1);
    await expect(page.getByRole('button', { name: question === 10 ? 'See your score' : 'Next question' })).toBeFocused();
    await page.keyboard.press('Enter');
  }

  await expect(page.getByRole('heading', { name: `You scored ${right} out of 10` })).toBeVisible();
  await expect(page.getByText(/Best streak: \d+\./)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your answers' }).getByRole('listitem')).toHaveCount(10);

  const secondRound = page.waitForResponse((r) => r.url().endsWith('/api/trivia/rounds') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Play a new round' }).click();
  expect((await (await secondRound).json()).id).not.toBe(round.id);
  await expect(page.getByText('Question 1 of 10')).toBeVisible();
  await expect(page.getByText('Score').locator('..')).toHaveText('Score0');
});
