package tui

import (
	"github.com/outpost-chess/outpost/chess"
	"github.com/outpost-chess/outpost/internal/i18n"
	"github.com/outpost-chess/outpost/internal/review"
)

// reviewJudgements are the keys of the judgements' names (review.Good has
// none).
var reviewJudgements = [...]msg{review.Inaccuracy: msgReviewInaccuracy, review.Mistake: msgReviewMistake, review.Blunder: msgReviewBlunder}

// reviewWords returns the words of a review's table in l (see
// review.WriteTable).
func reviewWords(l i18n.Lang) review.Words {
	t := func(k msg) string { return tr(l, k) }
	return review.Words{
		Move: t(msgReviewMove), Eval: t(msgReviewEval), Judgement: t(msgReviewJudgement), Better: t(msgReviewBetterHead),
		Judgements: [4]string{"", t(msgReviewInaccuracyWord), t(msgReviewMistakeWord), t(msgReviewBlunderWord)},
		White:      colorText(l, chess.White), Black: colorText(l, chess.Black), Accuracy: t(msgReviewAccuracy), Inaccuracies: t(msgReviewInaccuracies),
		Mistakes: t(msgReviewMistakes), Blunders: t(msgReviewBlunders), ACPL: t(msgReviewACPL),
		Opening: t(msgReviewOpening), LeftBook: t(msgReviewLeftBook), NoAccuracy: "-", Lang: string(l),
	}
}
