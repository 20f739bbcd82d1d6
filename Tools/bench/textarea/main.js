// The TextArea bench (Tools/peers/textedit.py, Tools/peers/ctrlc_latency.py): one TextArea holding `lines` lines
// (default 10,000; `termini run Tools/bench/textarea --query lines=N`) of "line 00042 the quick brown fox", the
// same text as Tools/peers/textual/textarea_app.py. The pages are in pages/*.swift, their logic in pages/*.js.
