// StoryCard's logic: a press on the title asks the page to open the story.
Component({
  methods: {
    open() { this.triggerEvent('open', { id: this.data.storyId }) },
  },
})
