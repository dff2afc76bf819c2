import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTournamentFormSchema, createTournamentRequest, parseTimeControl, pairingRulesOf, timeControlType } from './create-form';

const filled = {
  name: 'Spring Swiss', description: '', venue: '', startDate: '2026-12-01', endDate: '2026-12-02',
  registrationStartDate: '2026-11-01', registrationEndDate: '2026-11-30', format: 'swiss', timeControl: '15+10',
  rounds: '', maxParticipants: '', entryFee: '0',
};

describe('parseTimeControl', () => {
  it.each([
    ['15+10', 15, 10],
    ['90+30', 90, 30],
    [' 5 + 3 ', 5, 3],
    ['10', 10, 10], // no increment: fallback 10 (spec)
    ['abc+5', 15, 5], // minutes do not parse: fallback 15
    ['+', 15, 10],
    ['0+0', 15, 0], // zero minutes is no time control: fallback 15
  ])('%s is %i minutes + %i seconds', (text, minutes, increment) => {
    expect(parseTimeControl(text)).toEqual({ minutes, increment });
  });
});

describe('timeControlType', () => {
  it.each([[1, 0, 'bullet'], [3, 2, 'blitz'], [15, 10, 'rapid'], [90, 30, 'classical']] as const)('%i+%i is %s', (m, i, type) => {
    expect(timeControlType(m, i)).toBe(type);
  });
});

describe('create tournament form', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it.each([
    ['name', 'Tournament name is required'],
    ['startDate', 'Start date is required'],
    ['endDate', 'End date is required'],
    ['registrationStartDate', 'Registration start date is required'],
    ['registrationEndDate', 'Registration end date is required'],
    ['timeControl', 'Time control is required'],
  ])('a blank %s says "%s"', (field, message) => {
    const parsed = createTournamentFormSchema.safeParse({ ...filled, [field]: '  ' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });

  it.each([['12.5', true], ['12.50', true], ['12.505', false], ['-1', false], ['', true]])('entry fee %s valid: %s', (fee, valid) => {
    expect(createTournamentFormSchema.safeParse({ ...filled, entryFee: fee }).success).toBe(valid);
  });

  it('becomes a draft swiss request in INR with 15+10 rapid and the optional fields as null', () => {
    const request = createTournamentRequest(createTournamentFormSchema.parse({ ...filled, entryFee: '' }));
    expect(request).toMatchObject({
      name: 'Spring Swiss', description: null, venue: null, format: 'swiss', status: 'draft', currency: 'INR', entryFee: 0,
      timeControl: { type: 'rapid', minutes: 15, increment: 10 }, rounds: null, maxParticipants: null,
      startDate: '2026-12-01T00:00:00.000Z',
    });
  });

  it('refuses an end before the start', () => {
    const parsed = createTournamentFormSchema.safeParse({ ...filled, endDate: '2026-11-30' });
    expect(parsed.error?.issues[0]?.message).toBe('End date must be on or after the start date');
  });
});

describe('a Swiss\'s pairing rules (issue 29)', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
  const parse = (extra: Record<string, string>) => createTournamentFormSchema.parse({ ...filled, ...extra });
  it('sends none when the organiser sets none', () => {
    expect(pairingRulesOf(parse({}))).toBeUndefined();
    expect('pairingRules' in createTournamentRequest(parse({}))).toBe(false);
  });
  it('sends Baku and keeping schools apart for 2 rounds', () => {
    expect(createTournamentRequest(parse({ acceleration: 'baku', keepApartRounds: '2' })).pairingRules).toEqual({ acceleration: 'baku', virtualPoints: [], keepApartRounds: 2, prohibitedPairs: [] });
  });
  it('sends custom virtual points for the top players', () => {
    expect(pairingRulesOf(parse({ acceleration: 'custom', customPoints: '1', customPlayers: '16', customRounds: '2' }))).toEqual({
      acceleration: 'custom', virtualPoints: [{ points: 1, firstRound: 1, lastRound: 2, firstPlayer: 1, lastPlayer: 16 }], keepApartRounds: 0, prohibitedPairs: [],
    });
  });
  it.each([
    [{ acceleration: 'custom', customPoints: '0.3', customPlayers: '8', customRounds: '2' }, 'customPoints', 'Virtual points go in halves from 0.5 to 10'],
    [{ acceleration: 'custom', customPoints: '1', customPlayers: '', customRounds: '2' }, 'customPlayers', 'Enter how many of the top players get them'],
    [{ keepApartRounds: 'two' }, 'keepApartRounds', 'Enter a number of rounds from 0 to 99'],
  ])('refuses %o on %s', (extra, path, message) => {
    const parsed = createTournamentFormSchema.safeParse({ ...filled, ...extra });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues.find((issue) => issue.path[0] === path)?.message).toBe(message);
  });
  it('sends no rules for other formats', () => {
    expect(pairingRulesOf(parse({ format: 'round_robin', acceleration: 'baku', keepApartRounds: '2' }))).toBeUndefined();
  });
});
