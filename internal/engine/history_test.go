package engine

import "testing"

func TestGravityStaysInBounds(t *testing.T) {
	for _, bonus := range []int32{historyBonus(1), historyBonus(20), -historyBonus(20)} {
		var h int32
		for range 1000 {
			gravity(&h, bonus)
			if h > historyMax || h < -historyMax {
				t.Fatalf("bonus %d: history %d beyond ±%d", bonus, h, historyMax)
			}
		}
		if (bonus > 0) != (h > 0) {
			t.Errorf("bonus %d repeated: history %d, want its sign", bonus, h)
		}
	}
}
