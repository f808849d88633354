package tui

import (
	"github.com/outpost-chess/outpost/internal/i18n"
	"github.com/outpost-chess/outpost/internal/review"
)

// reviewText is the review's catalogue (the review screen, the line mode's
// review command, the side panel's review lines), in English and
// Simplified Chinese, with the terms lichess's Chinese pages use (复盘
// review, 缓着 inaccuracy, 错着 mistake, 漏着 blunder, 准确率 accuracy).
// A text is a fmt format. TestReviewText checks it.
type reviewKey int

const (
	rkTitle reviewKey = iota
	rkReviewing
	rkReady
	rkFailed
	rkNoMoves
	rkStale
	rkKeys
	rkKeysShort
	rkMoveOf
	rkBetter
	rkBest
	rkInaccuracy
	rkMistake
	rkBlunder
	rkMateAllowed
	rkMateMissed
	rkSummary
	rkNoMistake
	rkFirstMistake
	rkLastMistake
	rkPlainStarting
	rkPlainOver
	rkHelp
	rkWhite
	rkBlack
	// The table's words (review.Words).
	rkMove
	rkEval
	rkJudgement
	rkBetterHead
	rkInaccuracyWord
	rkMistakeWord
	rkBlunderWord
	rkAccuracy
	rkInaccuracies
	rkMistakes
	rkBlunders
	rkACPL
	rkOpening
	rkLeftBook
	reviewKeys // the number of keys
)

var reviewText = i18n.Catalogue[reviewKey]{
	i18n.English: {
		rkTitle:          "Review",
		rkReviewing:      "Reviewing the game: %d of %d positions searched…",
		rkReady:          "The review is ready: R shows it.",
		rkFailed:         "The review failed: %s",
		rkNoMoves:        "There is no move to review yet.",
		rkStale:          "The game has changed since: R reviews it again.",
		rkKeys:           "←/→ move · Home/End · n/p next/previous mistake · Esc back to the game",
		rkKeysShort:      "←/→ · n/p mistakes · Esc back",
		rkMoveOf:         "Move %d of %d",
		rkBetter:         "Better: %s",
		rkBest:           "The engine's move.",
		rkInaccuracy:     "Inaccuracy",
		rkMistake:        "Mistake",
		rkBlunder:        "Blunder",
		rkMateAllowed:    "Checkmate is now unavoidable.",
		rkMateMissed:     "Lost forced checkmate sequence.",
		rkSummary:        "%-5s %s  ?!%d ?%d ??%d  ACPL %d",
		rkNoMistake:      "No inaccuracy, mistake or blunder in this game.",
		rkFirstMistake:   "No mistake before this one.",
		rkLastMistake:    "No mistake after this one.",
		rkPlainStarting:  "Reviewing the game (%d positions)…",
		rkPlainOver:      "Type review for the game's review, save FILE to keep it, quit to leave.",
		rkHelp:           "review the game: each move's evaluation, its mistakes, the better moves, the accuracy",
		rkWhite:          "White",
		rkBlack:          "Black",
		rkMove:           "move",
		rkEval:           "eval",
		rkJudgement:      "judgement",
		rkBetterHead:     "better",
		rkInaccuracyWord: "inaccuracy",
		rkMistakeWord:    "mistake",
		rkBlunderWord:    "blunder",
		rkAccuracy:       "accuracy",
		rkInaccuracies:   "inaccuracies",
		rkMistakes:       "mistakes",
		rkBlunders:       "blunders",
		rkACPL:           "average centipawn loss",
		rkOpening:        "Opening",
		rkLeftBook:       "out of the book after",
	},
	i18n.Chinese: {
		rkTitle:          "复盘",
		rkReviewing:      "正在复盘：已分析 %d / %d 个局面…",
		rkReady:          "复盘已完成：按 R 查看。",
		rkFailed:         "复盘失败：%s",
		rkNoMoves:        "还没有可复盘的着法。",
		rkStale:          "对局已有变化：按 R 重新复盘。",
		rkKeys:           "←/→ 着法 · Home/End · n/p 下一个/上一个失误 · Esc 返回对局",
		rkKeysShort:      "←/→ · n/p 失误 · Esc 返回",
		rkMoveOf:         "第 %d 着，共 %d 着",
		rkBetter:         "更好：%s",
		rkBest:           "引擎的着法。",
		rkInaccuracy:     "缓着",
		rkMistake:        "错着",
		rkBlunder:        "漏着",
		rkMateAllowed:    "现在已无法避免被将杀。",
		rkMateMissed:     "错过了强制将杀。",
		rkSummary:        "%-5s %s  ?!%d ?%d ??%d  ACPL %d",
		rkNoMistake:      "这局棋没有缓着、错着或漏着。",
		rkFirstMistake:   "这之前没有失误。",
		rkLastMistake:    "这之后没有失误。",
		rkPlainStarting:  "正在复盘（%d 个局面）…",
		rkPlainOver:      "输入 review 查看复盘，save 文件名 保存对局，quit 退出。",
		rkHelp:           "复盘：每着的评估、失误、更好的着法和准确率",
		rkWhite:          "白方",
		rkBlack:          "黑方",
		rkMove:           "着法",
		rkEval:           "评估",
		rkJudgement:      "判断",
		rkBetterHead:     "更好的着法",
		rkInaccuracyWord: "缓着",
		rkMistakeWord:    "错着",
		rkBlunderWord:    "漏着",
		rkAccuracy:       "准确率",
		rkInaccuracies:   "缓着",
		rkMistakes:       "错着",
		rkBlunders:       "漏着",
		rkACPL:           "平均厘兵损失",
		rkOpening:        "开局",
		rkLeftBook:       "离开开局库于",
	},
}

// reviewJudgements are the keys of the judgements' names (review.Good has
// none).
var reviewJudgements = [...]reviewKey{review.Inaccuracy: rkInaccuracy, review.Mistake: rkMistake, review.Blunder: rkBlunder}

// reviewWords returns the words of a review's table in l.
func reviewWords(l i18n.Lang) review.Words {
	t := func(k reviewKey) string { return reviewText.Text(l, k) }
	return review.Words{
		Move: t(rkMove), Eval: t(rkEval), Judgement: t(rkJudgement), Better: t(rkBetterHead),
		Judgements: [4]string{"", t(rkInaccuracyWord), t(rkMistakeWord), t(rkBlunderWord)},
		White:      t(rkWhite), Black: t(rkBlack), Accuracy: t(rkAccuracy), Inaccuracies: t(rkInaccuracies),
		Mistakes: t(rkMistakes), Blunders: t(rkBlunders), ACPL: t(rkACPL),
		Opening: t(rkOpening), LeftBook: t(rkLeftBook), NoAccuracy: "-",
	}
}

// rt returns the review's text k in the game's language.
func (m *Model) rt(k reviewKey, args ...any) string { return reviewText.Text(m.cfg.Lang, k, args...) }
