import { Link } from '@tanstack/react-router';
import { PullToRefresh } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EmptyState } from '@/components/empty-state';
import { customKeys } from '../api/custom-keys';
import { menuQueryOptions } from '../api/get-custom';
import './custom.css';

/** 业务建模 menu: the models the user may read, by group, with how many records each holds for them. */
export function CustomMenuPage() {
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(menuQueryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: customKeys.menu });
  if (isPending) return <p className="custom-loading">加载中...</p>;
  if (!data) return isError ? <EmptyState kind="error" onRetry={() => void refetch()} /> : null;
  return (
    <PullToRefresh onRefresh={refresh}>
      <div className="custom-page">
        {data.length === 0 && <EmptyState kind="noperm" tip="暂无可查看的业务模型" />}
        {data.map((group) => (
          <section key={group.group} className="custom-group" aria-label={group.group}>
            <h2 className="custom-group-title">{group.group}</h2>
            <ul className="custom-models">
              {group.models.map((model) => (
                <li key={model.id}>
                  <Link to="/customModule/list" search={{ code: model.code }} className="custom-model">
                    <span className="custom-model-icon" aria-hidden="true">
                      {model.name.slice(0, 1)}
                    </span>
                    <span className="custom-model-text">
                      <strong>{model.name}</strong>
                      <small>{model.description}</small>
                    </span>
                    <span className="custom-model-total" aria-label={`共${model.total}条`}>
                      {model.total}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </PullToRefresh>
  );
}
