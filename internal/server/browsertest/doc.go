// Package browsertest holds the browser tests of the web app: they build the
// outpost command, start "outpost serve" on a loopback port with a fresh
// database, and drive the page in headless Chromium (Debian's chromium, with
// chromedp) the way a player would: new game, moves by clicking and by
// dragging, the AI's replies, takeback, promotion, checkmate, PGN export,
// reload, AI against AI, and clocks (one running, one that runs out, one aborted for want of a first move). Each test saves a screenshot in
// artifacts/screenshots/.
//
// The tests fail, not skip, when Chromium is missing; scripts/test installs
// it. OUTPOST_CHROMIUM names another browser binary; OUTPOST_TEST_URL runs
// the tests against a server that is already running instead of building one.
package browsertest
