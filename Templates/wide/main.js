// Wide: Chinese and mixed Latin/CJK rows. The prices line up in one column because widths are display columns.
const ITEMS = [
  { id: 1, name: '拉面 Ramen', price: '¥28' },
  { id: 2, name: '饺子', price: '¥18' },
  { id: 3, name: 'Tea 茶', price: '¥6' },
  { id: 4, name: '北京烤鸭 Duck', price: '¥98' },
]

Page('index', {
  data: { items: ITEMS, total: '' },

  onLoad() {
    const sum = ITEMS.reduce((s, item) => s + Number(item.price.slice(1)), 0)
    this.setData({ total: `¥${sum}` })
  },
})
