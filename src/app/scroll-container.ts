export { ScrollContainerContext, useScrollContainer } from '@/components/scroll-container';
