import { createFileRoute } from '@tanstack/react-router';
export const Route = createFileRoute('/')({ component: () => <div>首页</div> });
