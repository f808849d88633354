// en.ts is the English catalogue: every text the page shows a person, by
// key. Keys are namespaced by feature (menu.*, game.*, clock.*, newgame.*,
// explain.*, lesson.*, review.*, settings.*, error.* …); {name} marks a
// value filled in by t(); KEY.one and KEY.other are a plural's forms (tn()).
// Moves stay in SAN in every language. messages/zh.ts must have every key.

export const en = {
  'app.loading': 'Loading…',

  'menu.label': 'Games',
  'menu.new': 'New game',
  'menu.import': 'Import',
  'menu.games': 'My games',

  'sound.on': 'Sound on',
  'sound.off': 'Sound off',
  'sound.title': 'Sound on or off (remembered)',
  'sound.muteLabel': 'Sound is on; mute',
  'sound.unmuteLabel': 'Sound is off; turn it on',
  'voice.on': 'Voice on',
  'voice.off': 'Voice off',
  'voice.title': 'Speak when the AI checks, mates or wins',

  'status.reconnecting': 'The server cannot be reached; reconnecting…',

  'level.name': 'level {n}',
  'level.classic': 'classic',
  'level.max': 'max',
  'level.option': '{name} · about {elo} Elo',
  'level.optionFull': '{name} · full strength, about {elo} Elo',
  'level.optionClassic': "Classic · the tutorials' search (depth {depth}), about {elo} Elo",
  'level.optionSame': '{name} · the same as {same}',

  'eval.engine': 'Bar: {score}, Outpost at full strength (depth {depth}).',
  'eval.hint': "Bar: {score}, the hint's full-strength search (depth {depth}).",
  'eval.result': 'Bar: the result, {result}.',
  'eval.none': 'Bar: no full-strength evaluation of this position yet; a hint gives one.',

  'explain.evalWhite': "Evaluation (White's view)",
  'explain.evalBlack': "Evaluation (Black's view)",
  'explain.fewer': '{ratio}× fewer',
  'explain.asMany': 'as many',
  'explain.more': '{ratio}× more',

  'settings.language': 'Language',
};

export type MessageKey = keyof typeof en;
