// zh.ts is the Simplified Chinese catalogue: the same keys as en.ts (the
// type refuses a missing or an unknown key), with the chess terms Chinese
// players use: 将军 check, 将杀 checkmate, 逼和 stalemate, 和棋 draw, 认输
// resign, 悔棋 take back, 提和 offer a draw, 超时 time forfeit, 白方/黑方.
// Moves stay in SAN.

import type { MessageKey } from './en';

export const zh: Record<MessageKey, string> = {
  'app.loading': '加载中…',

  'menu.label': '对局',
  'menu.new': '新对局',
  'menu.import': '导入',
  'menu.games': '我的对局',

  'sound.on': '声音：开',
  'sound.off': '声音：关',
  'sound.title': '打开或关闭声音（会记住）',
  'sound.muteLabel': '声音已开启；点击静音',
  'sound.unmuteLabel': '声音已关闭；点击开启',
  'voice.on': '语音：开',
  'voice.off': '语音：关',
  'voice.title': '电脑将军、将杀或获胜时朗读出来',

  'status.reconnecting': '无法连接服务器，正在重新连接…',

  'level.name': '{n} 级',
  'level.classic': '经典',
  'level.max': '最强',
  'level.option': '{name} · 约 {elo} 等级分',
  'level.optionFull': '{name} · 全力，约 {elo} 等级分',
  'level.optionClassic': '经典 · 教程里的搜索（深度 {depth}），约 {elo} 等级分',
  'level.optionSame': '{name} · 与{same}相同',

  'eval.engine': '评估条：{score}，Outpost 全力搜索（深度 {depth}）。',
  'eval.hint': '评估条：{score}，来自提示的全力搜索（深度 {depth}）。',
  'eval.result': '评估条：对局结果 {result}。',
  'eval.none': '评估条：这个局面还没有全力评估；点“提示”可以得到。',

  'explain.evalWhite': '评估（白方视角）',
  'explain.evalBlack': '评估（黑方视角）',
  'explain.fewer': '仅 1/{ratio}',
  'explain.asMany': '一样多',
  'explain.more': '{ratio} 倍',

  'settings.language': '语言',
};
