// The bench's text: `count` lines "line 00000 the quick brown fox" … numbered from 0, joined with "\n".
exports.lines = function (query) {
  const n = Math.floor(Number(query && query.lines))
  const count = n > 0 ? n : 10000
  const out = new Array(count)
  for (let i = 0; i < count; i++) out[i] = 'line ' + String(i).padStart(5, '0') + ' the quick brown fox'
  return out.join('\n')
}
